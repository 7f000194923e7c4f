/** The committee's decision on an application pending committee, the one dialog of the application's own page and of
 * the Meetings screen: a decision from those the screen offers, remarks (the reason, needed for a rejection, as the
 * server requires) and, where offered, conditions shown but not sent (spec section 4). Choosing a decision takes
 * nothing: the submit shows the decision in words, naming the application, and only its confirmation sends it
 * (decision 024). A refusal is said in the dialog. The words are the screen's namespace's `decision.*`. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  COMMITTEE_DECISIONS,
  CONTROL_CHARACTER_MESSAGE,
  REASON_MIN,
  containsControlCharacter,
  type Application,
  type CommitteeDecision,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Select, Textarea } from '../../../components/ui/input';
import { useDialogAction } from '../../../components/ui/use-dialog-action';

export interface CommitteeDecisionValues<Decision extends CommitteeDecision> {
  decision: Decision;
  remarks: string;
}

/** What the screen's call answers: the dialog closes on success and says the refusal otherwise. */
export interface DecisionCallbacks {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export interface CommitteeDecisionDialogProps<Decision extends CommitteeDecision> {
  namespace: string;
  application: Application;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  decisions: readonly [Decision, ...Decision[]];
  /** The remarks' room: what the stage's text keeps after the decision's own words. */
  remarksMax: number;
  /** The conditional approval's conditions field (shown, not sent). */
  withConditions?: boolean;
  idPrefix: string;
  title: string;
  /** A hint under the decision (the decisions another screen offers). */
  decisionHint?: string;
  busy: boolean;
  send: (values: CommitteeDecisionValues<Decision>, callbacks: DecisionCallbacks) => void;
  /** The refusal in the reader's words. */
  refusalOf: (error: unknown) => string;
}

/** The form's values; the decision is one of those the screen offers (its select lists no other). */
function decisionSchema(remarksMax: number) {
  return z
    .object({
      decision: z.enum(COMMITTEE_DECISIONS),
      remarks: z
        .string()
        .max(remarksMax)
        .refine((value) => !containsControlCharacter(value), { error: CONTROL_CHARACTER_MESSAGE }),
      conditions: z.string(),
    })
    .superRefine((values, context) => {
      // The applicant is told why (the contract's reasonOfUpdate reads the remarks as the reason).
      if (values.decision === 'rejected' && values.remarks.trim().length < REASON_MIN)
        context.addIssue({ code: 'custom', path: ['remarks'], message: 'reason_required' });
    });
}

export function CommitteeDecisionDialog<Decision extends CommitteeDecision>({
  namespace,
  application,
  open,
  onOpenChange,
  decisions,
  remarksMax,
  withConditions = false,
  idPrefix,
  title,
  decisionHint,
  busy,
  send,
  refusalOf,
}: CommitteeDecisionDialogProps<Decision>) {
  const { t } = useTranslation(namespace);
  const dialog = useDialogAction(busy, { open, onOpenChange });
  const [schema] = useState(() => decisionSchema(remarksMax));
  const form = useSchemaForm({
    schema,
    defaultValues: { decision: decisions[0], remarks: '', conditions: '' },
    messages: `${namespace}:decision.errors`,
    idPrefix,
  });
  const decision = form.watch('decision') ?? decisions[0];

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send<void>(
          (outcome) => send({ decision: values.decision as Decision, remarks: values.remarks }, outcome),
          {
            done: t('decision.success'),
            failed: refusalOf,
            then: () => form.reset(),
          },
        )
      }
      refusal={dialog.refusal}
      confirm={(values) => ({
        statement: t(`decision.confirm.${values.decision}`, { number: application.application_number }),
        consequence: t(`decision.consequence_${values.decision}`),
      })}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={title}
      cancelLabel={t('cancel')}
      submitLabel={t('decision.submit')}
      submitVariant={decision === 'rejected' ? 'danger' : 'primary'}
      busy={busy}
      busyText={t('decision.submitting')}
      consequence={t(`decision.consequence_${decision}`)}
    >
      <FormField form={form} name="decision" label={t('decision.decision')} hint={decisionHint}>
        <Select {...form.register('decision')}>
          {decisions.map((value) => (
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
        <Textarea maxLength={remarksMax} {...form.register('remarks')} />
      </FormField>
      {withConditions && (
        <FormField
          form={form}
          name="conditions"
          label={t('decision.conditions')}
          hint={t('decision.conditionsHint')}
          optional
        >
          <Textarea rows={3} {...form.register('conditions')} />
        </FormField>
      )}
    </SchemaFormDialog>
  );
}
