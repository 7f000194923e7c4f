/** An officer orders on a show-cause notice after the holder's reply, or after the reply-by day has passed: cancel
 * the allotment (the plot returns to the inventory, the refund is recorded) or drop the notice, with the hearing's
 * note that the order records. The order cannot be undone: the submit says it in words, naming the chosen order, and
 * only Record order there sends it (decision 024). */
import { useTranslation } from 'react-i18next';
import { decideShowCauseRequestSchema, SHOW_CAUSE_OUTCOMES, type ShowCause } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useShowCauseRefusal } from './refusal-text';
import { useDecideShowCause } from '../../../../api/show-causes';

export function DecideShowCauseDialog({ notice, onClose }: { notice: ShowCause | undefined; onClose: () => void }) {
  const { t } = useTranslation('show-causes');
  const decide = useDecideShowCause();
  const dialog = useDialogAction(decide.isPending, {
    open: notice !== undefined,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const form = useSchemaForm({
    schema: decideShowCauseRequestSchema,
    defaultValues: { hearing_note: '' },
    messages: 'show-causes:decide.errors',
    idPrefix: 'decide-show-cause-',
  });
  const refusalOf = useShowCauseRefusal(form);
  const outcome = form.watch('outcome');
  const outcomeError = form.errorOf('outcome');
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(body) => {
        if (!notice) return;
        dialog.send<ShowCause>((outcome) => decide.mutate({ id: notice.id, body }, outcome), {
          done: (decided) =>
            decided.outcome === 'cancelled'
              ? t('decide.sentCancelled', { number: decided.allotment_number })
              : t('decide.sentDropped', { number: decided.notice_number }),
          failed: refusalOf,
          then: () => form.reset(),
        });
      }}
      refusal={dialog.refusal}
      confirm={(values) => ({
        statement: t(`decide.confirm.${values.outcome}`, {
          number: notice?.allotment_number ?? '',
          notice: notice?.notice_number ?? '',
          plot: notice?.asset_code ?? '—',
        }),
        consequence: t(`decide.consequence.${values.outcome}`),
      })}
      title={t('decide.title', { number: notice?.notice_number ?? '' })}
      description={t('decide.description', {
        number: notice?.allotment_number ?? '',
        plot: notice?.asset_code ?? '—',
      })}
      consequence={outcome ? t(`decide.consequence.${outcome}`) : undefined}
      cancelLabel={t('cancel')}
      submitLabel={t('decide.submit')}
      submitVariant={outcome === 'cancelled' ? 'danger' : 'primary'}
      busy={decide.isPending}
      busyText={t('decide.sending')}
    >
      <fieldset
        aria-invalid={outcomeError ? true : undefined}
        className={`space-y-2 ${outcomeError ? 'border-l-4 border-red-700 pl-3' : ''}`}
        aria-describedby={outcomeError ? 'decide-show-cause-outcome-error' : undefined}
      >
        <legend className="font-medium text-slate-900">{t('decide.outcome')}</legend>
        {outcomeError && (
          <p id="decide-show-cause-outcome-error" className="text-sm font-medium text-red-700">
            {outcomeError}
          </p>
        )}
        {SHOW_CAUSE_OUTCOMES.map((value, index) => (
          <label key={value} className="flex min-h-11 cursor-pointer items-start gap-3">
            <input
              type="radio"
              value={value}
              // The error summary links to the first choice.
              id={index === 0 ? form.idOf('outcome') : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
              {...form.register('outcome')}
            />
            <span>
              <span className="block font-medium text-slate-900">{t(`decide.outcomes.${value}`)}</span>
              <span className="block text-sm text-slate-700">{t(`decide.outcomeHints.${value}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FormField form={form} name="hearing_note" label={t('decide.hearingNote')} hint={t('decide.hearingNoteHint')}>
        <Textarea rows={5} {...form.register('hearing_note')} />
      </FormField>
    </SchemaFormDialog>
  );
}
