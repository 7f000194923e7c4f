/** The appellate officer's two steps on an appeal: Record hearing (the note of the hearing, while the appeal waits
 * for its order) and Give order (dismissed with reasons, or allowed with directions; on a late case the stage's new
 * due date). Each says what will follow before it is confirmed, and a refusal is said in the dialog. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { APPEAL_OUTCOMES, APPEAL_TEXT_LIMITS, type Appeal, type ErrorCode } from '@portal/contract';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useGiveOrder, useRecordHearing } from '../../../../api/appeals';
import { errorCode, errorDetail } from '../../../../lib/api-client';

const WORDED: readonly ErrorCode[] = ['appeal_state'];

function useRefusalText() {
  const { t } = useTranslation('appeals');
  return (error: unknown, fallback: string) => {
    const code = errorCode(error);
    return code && WORDED.includes(code) ? t(`refusals.${code}`) : errorDetail(error, fallback);
  };
}

const hearingSchema = z.object({
  hearing_note: z.string().trim().min(APPEAL_TEXT_LIMITS.hearingNote.min).max(APPEAL_TEXT_LIMITS.hearingNote.max),
});

export function HearingDialog({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('appeals');
  const refusalText = useRefusalText();
  const hearing = useRecordHearing(appeal.id);
  const dialog = useDialogAction(hearing.isPending);
  const form = useSchemaForm({
    schema: hearingSchema,
    defaultValues: { hearing_note: appeal.hearing_note ?? '' },
    messages: 'appeals:hearing.errors',
    idPrefix: `hearing-${appeal.id}-`,
    messageParams: { hearing_note: { ...APPEAL_TEXT_LIMITS.hearingNote } },
  });
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(values) =>
        dialog.send((outcome) => hearing.mutate(values, outcome), {
          done: t('hearing.done', { number: appeal.appeal_number }),
          failed: (error) => refusalText(error, t('hearing.failed')),
        })
      }
      refusal={dialog.refusal}
      title={t('hearing.title', { number: appeal.appeal_number })}
      description={t('hearing.description', { number: appeal.application_number })}
      trigger={<Button variant="secondary">{t('hearing.button')}</Button>}
      cancelLabel={t('cancel')}
      submitLabel={t('hearing.submit')}
      busy={hearing.isPending}
      busyText={t('hearing.submitting')}
      consequence={t('hearing.consequence')}
    >
      <FormField form={form} name="hearing_note" label={t('hearing.note')} hint={t('hearing.noteHint')}>
        <Textarea rows={5} maxLength={APPEAL_TEXT_LIMITS.hearingNote.max} {...form.register('hearing_note')} />
      </FormField>
    </SchemaFormDialog>
  );
}

/** Allowed on a late case needs the directed date; the server checks it is a working day after today. */
const orderSchema = (late: boolean) =>
  z
    .object({
      outcome: z.enum(APPEAL_OUTCOMES),
      order_text: z.string().trim().min(APPEAL_TEXT_LIMITS.orderText.min).max(APPEAL_TEXT_LIMITS.orderText.max),
      directed_due_on: inputDate({ optional: true }),
    })
    .superRefine((values, context) => {
      if (late && values.outcome === 'allowed' && !values.directed_due_on) {
        context.addIssue({ code: 'custom', path: ['directed_due_on'], message: 'required' });
      }
    });

export function OrderDialog({ appeal }: { appeal: Appeal }) {
  const { t } = useTranslation('appeals');
  const refusalText = useRefusalText();
  const order = useGiveOrder(appeal.id);
  const dialog = useDialogAction(order.isPending);
  const late = appeal.ground === 'late';
  const form = useSchemaForm({
    schema: orderSchema(late),
    defaultValues: { order_text: '', directed_due_on: '' },
    messages: 'appeals:order.errors',
    idPrefix: `order-${appeal.id}-`,
    messageParams: { order_text: { ...APPEAL_TEXT_LIMITS.orderText } },
  });
  const outcome = form.watch('outcome');
  const outcomeError = form.errorOf('outcome');
  const stage = t(`ui:status.${appeal.stage_status}`);
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(values) =>
        dialog.send<Appeal>(
          (outcome) =>
            order.mutate(
              {
                outcome: values.outcome,
                order_text: values.order_text,
                ...(late && values.outcome === 'allowed' ? { directed_due_on: values.directed_due_on } : {}),
              },
              outcome,
            ),
          {
            done: (decided) =>
              t(`order.done.${decided.status === 'allowed' ? 'allowed' : 'dismissed'}`, {
                number: decided.appeal_number,
              }),
            // A refusal about a field is said beside it, not in the dialog.
            failed: (error) => (form.setServerErrors(error) ? undefined : refusalText(error, t('order.failed'))),
          },
        )
      }
      refusal={dialog.refusal}
      title={t('order.title', { number: appeal.appeal_number })}
      description={t(`order.description.${appeal.ground}`, { stage, number: appeal.application_number })}
      trigger={<Button>{t('order.button')}</Button>}
      cancelLabel={t('cancel')}
      submitLabel={t('order.submit')}
      busy={order.isPending}
      busyText={t('order.submitting')}
      consequence={
        outcome === 'allowed'
          ? t(`order.consequence.allowed_${appeal.ground}`, { stage })
          : outcome === 'dismissed'
            ? t('order.consequence.dismissed')
            : undefined
      }
    >
      <fieldset
        aria-invalid={outcomeError ? true : undefined}
        className={`space-y-2 ${outcomeError ? 'border-l-4 border-red-700 pl-3' : ''}`}
        aria-describedby={outcomeError ? `order-${appeal.id}-outcome-error` : undefined}
      >
        <legend className="font-medium text-slate-900">{t('order.outcome')}</legend>
        {outcomeError && (
          <p id={`order-${appeal.id}-outcome-error`} className="text-sm font-medium text-red-700">
            {outcomeError}
          </p>
        )}
        {APPEAL_OUTCOMES.map((value, index) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3">
            <input
              type="radio"
              value={value}
              id={index === 0 ? form.idOf('outcome') : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              {...form.register('outcome')}
            />
            <span>
              <span className="block font-medium text-slate-900">{t(`order.outcomes.${value}`)}</span>
              <span className="block text-sm text-slate-700">{t(`order.outcomeHints.${value}_${appeal.ground}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField
        form={form}
        name="order_text"
        label={outcome === 'allowed' ? t('order.directions') : t('order.reasons')}
        hint={t('order.textHint', { ...APPEAL_TEXT_LIMITS.orderText })}
      >
        <Textarea rows={5} maxLength={APPEAL_TEXT_LIMITS.orderText.max} {...form.register('order_text')} />
      </FormField>
      {late && outcome === 'allowed' && (
        <FormDateField
          form={form}
          name="directed_due_on"
          label={t('order.directedDueOn')}
          hint={t('order.directedHint')}
        />
      )}
    </SchemaFormDialog>
  );
}
