/** Record Decision on the Meetings screen. It sends the contract's meetingDecisionUpdate, which turns anything but
 * approved into rejected, so only those two are offered here; deferral and conditions live on the application. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Application } from '@portal/contract';
import { FormDialog } from '../../../components/ui/form-dialog';
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('decision.title', { number: application.application_number })}
      formId="meeting-decision-form"
      onSubmit={submit}
      cancelLabel={t('cancel')}
      submitLabel={t('decision.submit')}
      submitVariant={decision === 'rejected' ? 'danger' : 'primary'}
      busy={record.isPending}
      busyText={t('decision.submitting')}
      consequence={t(`decision.consequence_${decision}`)}
    >
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
    </FormDialog>
  );
}
