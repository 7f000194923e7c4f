/** The committee's decision on an application pending committee: approved, rejected, deferred or conditional
 * approval, sent as the contract's committeeDecisionUpdate; the conditions are shown but not sent (spec section 4).
 * Choosing a decision takes nothing: the submit shows the decision in words, naming it, and only Record Decision
 * there sends it (decision 024). A rejection needs its reason, as the server requires. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  COMMITTEE_DECISIONS,
  CONTROL_CHARACTER_MESSAGE,
  REASON_MIN,
  committeeDecisionUpdate,
  containsControlCharacter,
  type Application,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Select, Textarea } from '../../../../components/ui/input';
import { useUpdateStatus } from '../api/officer-actions';
import { refusalText } from './refusal-text';

/** Room for the remarks in the stage text (500), after the decision's own words. */
const REMARKS_MAX = 400;

/** What the committee fills in; committeeDecisionUpdate turns it into the contract's status update. */
const committeeDecisionFormSchema = z
  .object({
    decision: z.enum(COMMITTEE_DECISIONS),
    remarks: z
      .string()
      .max(REMARKS_MAX)
      .refine((value) => !containsControlCharacter(value), { error: CONTROL_CHARACTER_MESSAGE }),
    conditions: z.string(),
  })
  .superRefine((values, context) => {
    // The applicant is told why (the contract's reasonOfUpdate reads the remarks as the reason).
    if (values.decision === 'rejected' && values.remarks.trim().length < REASON_MIN)
      context.addIssue({ code: 'custom', path: ['remarks'], message: 'reason_required' });
  });

export interface CommitteeDecisionDialogProps {
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function CommitteeDecisionDialog({ application, open, onOpenChange }: CommitteeDecisionDialogProps) {
  const { t } = useTranslation('applications');
  const update = useUpdateStatus(application.id);
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: committeeDecisionFormSchema,
    defaultValues: { decision: 'approved', remarks: '', conditions: '' },
    messages: 'applications:decision.errors',
    idPrefix: 'committee-',
  });
  const decision = form.watch('decision') ?? 'approved';

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (update.isPending) return;
        setRefusal(undefined);
        update.mutate(committeeDecisionUpdate(values.decision, values.remarks), {
          onSuccess: () => {
            toast.success(t('decision.success'));
            form.reset();
            onOpenChange(false);
          },
          // A guard (documents not verified, a query open) or a changed status: say why in the dialog.
          onError: (error) => setRefusal(refusalText(t, t('decision.failed'), error)),
        });
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
      title={t('decision.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('decision.submit')}
      submitVariant={decision === 'rejected' ? 'danger' : 'primary'}
      busy={update.isPending}
      busyText={t('decision.submitting')}
      consequence={t(`decision.consequence_${decision}`)}
    >
      <FormField form={form} name="decision" label={t('decision.decision')}>
        <Select {...form.register('decision')}>
          {COMMITTEE_DECISIONS.map((value) => (
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
      <FormField
        form={form}
        name="conditions"
        label={t('decision.conditions')}
        hint={t('decision.conditionsHint')}
        optional
      >
        <Textarea rows={3} {...form.register('conditions')} />
      </FormField>
    </SchemaFormDialog>
  );
}
