/** Record Decision on the Meetings screen. It sends the contract's meetingDecisionUpdate, which turns anything but
 * approved into rejected, so only those two are offered here; deferral and conditions live on the application. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Info } from 'lucide-react';
import type { Application } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Select, Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useRecordDecision } from '../api/meetings';

const DECISIONS = ['approved', 'rejected'] as const;
type MeetingDecision = (typeof DECISIONS)[number];

export interface RecordDecisionDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RecordDecisionDialog({ application, open, onOpenChange }: RecordDecisionDialogProps) {
  const { t } = useTranslation('meetings');
  const [decision, setDecision] = useState<MeetingDecision>('approved');
  const [remarks, setRemarks] = useState('');
  const record = useRecordDecision();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate(
      { applicationId: application.id, decision, remarks },
      {
        onSuccess: () => {
          toast.success(t('decision.success'));
          onOpenChange(false);
        },
        onError: (error) => {
          const detail = error instanceof ApiError ? error.detail : undefined;
          toast.error(t('decision.failed'), detail ? { description: detail } : undefined);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('decision.title', { number: application.application_number })}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form="meeting-decision-form"
            variant={decision === 'rejected' ? 'danger' : 'primary'}
            busy={record.isPending}
            busyText={t('decision.submitting')}
          >
            {t('decision.submit')}
          </Button>
        </>
      }
    >
      <form id="meeting-decision-form" noValidate onSubmit={submit} className="space-y-4">
        <Field id="meeting-decision" label={t('decision.decision')} hint={t('decision.otherDecisions')}>
          <Select value={decision} onChange={(event) => setDecision(event.target.value as MeetingDecision)}>
            {DECISIONS.map((value) => (
              <option key={value} value={value}>
                {t(`decision.decisions.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="meeting-decision-remarks" label={t('decision.remarks')} optional>
          <Textarea value={remarks} maxLength={400} onChange={(event) => setRemarks(event.target.value)} />
        </Field>
        <p
          className="flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 p-3 text-slate-800"
          aria-live="polite"
        >
          <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          <span>{t(`decision.consequence_${decision}`)}</span>
        </p>
      </form>
    </Dialog>
  );
}
