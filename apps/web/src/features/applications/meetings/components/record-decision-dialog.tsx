/** Record Decision on the Meetings screen. It sends the contract's committeeDecisionUpdate, the same mapping as the
 * application's own decision; the spec offers approved and rejected here, deferral and conditions live on the
 * application. A refusal is said in the dialog. Choosing a decision takes nothing: the submit shows it in words and
 * only Record Decision there sends it (decision 024); a rejection needs its reason. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { REASON_MIN, STAGE_NOTE_MAX, type Application } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Select, Textarea } from '../../../../components/ui/input';
import { errorDetail } from '../../../../lib/api-client';
import { useRecordDecision } from '../api/meetings';

const DECISIONS = ['approved', 'rejected'] as const;
/** The remarks become the stage's note, which the contract keeps to STAGE_NOTE_MAX characters. */
const REMARKS_MAX = STAGE_NOTE_MAX;

const recordDecisionSchema = z
  .object({
    decision: z.enum(DECISIONS),
    remarks: z.string().max(REMARKS_MAX),
  })
  .superRefine((values, context) => {
    if (values.decision === 'rejected' && values.remarks.trim().length < REASON_MIN)
      context.addIssue({ code: 'custom', path: ['remarks'], message: 'reason_required' });
  });

export interface RecordDecisionDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RecordDecisionDialog({ application, open, onOpenChange }: RecordDecisionDialogProps) {
  const { t } = useTranslation('meetings');
  const [refusal, setRefusal] = useState<string>();
  const record = useRecordDecision();
  const form = useSchemaForm({
    schema: recordDecisionSchema,
    defaultValues: { decision: 'approved', remarks: '' },
    messages: 'meetings:decision.errors',
    idPrefix: 'meeting-decision-',
  });
  const decision = form.watch('decision');

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (record.isPending) return;
        setRefusal(undefined);
        record.mutate(
          { applicationId: application.id, ...values },
          {
            onSuccess: () => {
              toast.success(t('decision.success'));
              form.reset();
              onOpenChange(false);
            },
            // The spec's words lead; the server's reason, when it gave one, follows.
            onError: (error) => {
              const reason = errorDetail(error, '');
              setRefusal(reason ? t('decision.failedBecause', { reason }) : t('decision.failed'));
            },
          },
        );
      }}
      refusal={refusal}
      confirm={(values) => ({
        statement: t(`decision.confirm.${values.decision}`, { number: application.application_number }),
        consequence: t(`decision.consequence_${values.decision}`),
      })}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        onOpenChange(next);
      }}
      title={t('decision.title', { number: application.application_number })}
      cancelLabel={t('cancel')}
      submitLabel={t('decision.submit')}
      submitVariant={decision === 'rejected' ? 'danger' : 'primary'}
      busy={record.isPending}
      busyText={t('decision.submitting')}
      consequence={t(`decision.consequence_${decision}`)}
    >
      <FormField form={form} name="decision" label={t('decision.decision')} hint={t('decision.otherDecisions')}>
        <Select {...form.register('decision')}>
          {DECISIONS.map((value) => (
            <option key={value} value={value}>
              {t(`decision.decisions.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        form={form}
        name="remarks"
        label={t('decision.remarks')}
        optional={decision !== 'rejected'}
        hint={decision === 'rejected' ? t('decision.remarksReasonHint') : undefined}
      >
        <Textarea maxLength={REMARKS_MAX} {...form.register('remarks')} />
      </FormField>
    </SchemaFormDialog>
  );
}
