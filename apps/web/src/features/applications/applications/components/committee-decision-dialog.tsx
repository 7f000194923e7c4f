/** The committee's decision on the application's own page: approved, rejected, deferred or conditional approval,
 * sent as the contract's committeeDecisionUpdate; the conditions are shown but not sent (spec section 4). A guard
 * (documents not verified, a query open) or a changed status is said in the dialog. */
import { useTranslation } from 'react-i18next';
import { COMMITTEE_DECISIONS, committeeDecisionUpdate, type Application } from '@portal/contract';
import { CommitteeDecisionDialog as DecisionDialog } from '../../components/committee-decision-dialog';
import { useUpdateStatus } from '../api/officer-actions';
import { refusalText } from './refusal-text';

/** Room for the remarks in the stage text (500), after the decision's own words. */
const REMARKS_MAX = 400;

export interface CommitteeDecisionDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CommitteeDecisionDialog({ application, open, onOpenChange }: CommitteeDecisionDialogProps) {
  const { t } = useTranslation('applications');
  const update = useUpdateStatus(application.id);
  return (
    <DecisionDialog
      namespace="applications"
      application={application}
      open={open}
      onOpenChange={onOpenChange}
      decisions={COMMITTEE_DECISIONS}
      remarksMax={REMARKS_MAX}
      withConditions
      idPrefix="committee-"
      title={t('decision.title')}
      busy={update.isPending}
      send={(values, callbacks) => update.mutate(committeeDecisionUpdate(values.decision, values.remarks), callbacks)}
      refusalOf={(error) => refusalText(t, t('decision.failed'), error)}
    />
  );
}
