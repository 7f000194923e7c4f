/** The officer's actions on one application: only those the role may take now, each opening its dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Allotment, Application, Asset, LeaseDeed, Possession, Role } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { anyAction, availableActions } from '../lib/available-actions';
import { CommitteeDecisionDialog } from './committee-decision-dialog';
import { CreateAllotmentDialog } from './create-allotment-dialog';
import { RaiseQueryDialog } from './raise-query-dialog';
import { RecordPossessionDialog } from './record-possession-dialog';
import { UpdateStatusDialog } from './update-status-dialog';
import { VerifyLeaseDeedDialog } from './verify-lease-deed-dialog';

type OpenDialog = 'status' | 'decision' | 'query' | 'allotment' | 'leaseDeed' | 'possession' | null;

export interface ActionPanelProps {
  role: Role;
  application: Application;
  asset: Asset | undefined;
  allotment: Allotment | null | undefined;
  leaseDeed: LeaseDeed | null | undefined;
  possession: Possession | null | undefined;
  onAllotmentCreated?: (allotment: Allotment) => void;
  onPossessionRecorded?: (possession: Possession) => void;
}

export function ActionPanel(props: ActionPanelProps) {
  const { role, application, asset, allotment, leaseDeed, possession } = props;
  const { t } = useTranslation('applications');
  const [open, setOpen] = useState<OpenDialog>(null);
  const actions = availableActions({ role, application, allotment, leaseDeed, possession });
  const close = (value: boolean) => {
    if (!value) setOpen(null);
  };
  const readOnly = role === 'legal' || role === 'finance';

  return (
    <Card title={t('detail.actions')} aria-label={t('detail.actions')} className="no-print">
      {!anyAction(actions) && (
        <p className="text-slate-700">{readOnly ? t('detail.readOnly') : t('detail.noActions')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {/* Beside the committee's decision, Update Status only sends the case back: the decision is the one main action. */}
        {actions.updateStatus && (
          <Button variant={actions.committeeDecision ? 'secondary' : 'primary'} onClick={() => setOpen('status')}>
            {t('updateStatus.button')}
          </Button>
        )}
        {actions.committeeDecision && <Button onClick={() => setOpen('decision')}>{t('decision.button')}</Button>}
        {actions.raiseQuery && (
          <Button variant="secondary" onClick={() => setOpen('query')}>
            {t('raiseQuery.button')}
          </Button>
        )}
        {actions.scheduleMeeting && (
          <Button variant="secondary" onClick={() => toast.success(t('schedule.success'))}>
            {t('schedule.button')}
          </Button>
        )}
        {actions.createAllotment && <Button onClick={() => setOpen('allotment')}>{t('createAllotment.button')}</Button>}
        {actions.verifyLeaseDeed && <Button onClick={() => setOpen('leaseDeed')}>{t('verifyDeed.button')}</Button>}
        {actions.recordPossession && <Button onClick={() => setOpen('possession')}>{t('possession.button')}</Button>}
      </div>
      {actions.updateStatusNoneAvailable && <p className="mt-3 text-slate-700">{t('updateStatus.noneAvailable')}</p>}

      {open === 'status' && <UpdateStatusDialog application={application} role={role} open onOpenChange={close} />}
      {open === 'query' && <RaiseQueryDialog applicationId={application.id} open onOpenChange={close} />}
      {open === 'decision' && <CommitteeDecisionDialog application={application} open onOpenChange={close} />}
      {open === 'allotment' && (
        <CreateAllotmentDialog
          application={application}
          open
          onOpenChange={close}
          onCreated={props.onAllotmentCreated}
        />
      )}
      {open === 'leaseDeed' && allotment && (
        <VerifyLeaseDeedDialog applicationId={application.id} allotment={allotment} open onOpenChange={close} />
      )}
      {open === 'possession' && (
        <RecordPossessionDialog
          applicationId={application.id}
          allotment={allotment}
          asset={asset}
          open
          onOpenChange={close}
          onRecorded={props.onPossessionRecorded}
        />
      )}
    </Card>
  );
}
