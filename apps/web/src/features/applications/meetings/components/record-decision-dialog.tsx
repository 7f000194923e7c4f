/** Record Decision on the Meetings screen. It sends the contract's committeeDecisionUpdate, the same mapping as the
 * application's own decision; the spec offers approved and rejected here, deferral and conditions live on the
 * application. The spec's words lead a refusal; the server's reason, when it gave one, follows. */
import { useTranslation } from 'react-i18next';
import { STAGE_NOTE_MAX, type Application } from '@portal/contract';
import { CommitteeDecisionDialog } from '../../components/committee-decision-dialog';
import { errorDetail } from '../../../../lib/api-client';
import { useRecordDecision } from '../api/meetings';

const DECISIONS = ['approved', 'rejected'] as const;

export interface RecordDecisionDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RecordDecisionDialog({ application, open, onOpenChange }: RecordDecisionDialogProps) {
  const { t } = useTranslation('meetings');
  const record = useRecordDecision();
  return (
    <CommitteeDecisionDialog
      namespace="meetings"
      application={application}
      open={open}
      onOpenChange={onOpenChange}
      decisions={DECISIONS}
      // The remarks become the stage's note, which the contract keeps to STAGE_NOTE_MAX characters.
      remarksMax={STAGE_NOTE_MAX}
      idPrefix="meeting-decision-"
      title={t('decision.title', { number: application.application_number })}
      decisionHint={t('decision.otherDecisions')}
      busy={record.isPending}
      send={(values, callbacks) => record.mutate({ applicationId: application.id, ...values }, callbacks)}
      refusalOf={(error) => {
        const reason = errorDetail(error, '');
        return reason ? t('decision.failedBecause', { reason }) : t('decision.failed');
      }}
    />
  );
}
