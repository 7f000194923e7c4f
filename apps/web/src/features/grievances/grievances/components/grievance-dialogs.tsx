/** The steps people take on a grievance (decision 038): one dialog for the steps that carry a message (the officer's
 * reply, request for detail and resolution; the complainant's answer and reopening), each saying what follows, and
 * the complainant's rating of the resolution (1 to 5, once). A refusal is said in the dialog in the reader's words. */
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { GRIEVANCE_TEXT_LIMITS, type ErrorCode, type Grievance, type GrievanceAction } from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Button } from '../../../../components/ui/button';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { errorCode, errorDetail } from '../../../../lib/api-client';
import { useGrievanceAction } from '../api/grievances';

const WORDED: readonly ErrorCode[] = [
  'grievance_state',
  'grievance_reopen_closed',
  'grievance_reopened_before',
  'grievance_rated',
  'file_type_not_accepted',
];

/** A refusal in the reader's words: the grievance's own codes from its catalogue, else the server's detail. */
export function useGrievanceRefusal() {
  const { t } = useTranslation('grievances');
  return (error: unknown, fallback: string) => {
    const code = errorCode(error);
    return code && WORDED.includes(code) ? t(`refusals.${code}`) : errorDetail(error, fallback);
  };
}

const { min, max } = GRIEVANCE_TEXT_LIMITS.message;
const messageSchema = z.object({ message: z.string().trim().min(min).max(max) });

/** The steps with a message, in the order a screen offers them. */
export type MessageAction = Exclude<GrievanceAction, 'rate'>;

export function GrievanceActionDialog({ grievance, action }: { grievance: Grievance; action: MessageAction }) {
  const { t } = useTranslation('grievances');
  const refusalText = useGrievanceRefusal();
  const act = useGrievanceAction(grievance.id);
  const dialog = useDialogAction(act.isPending);
  const form = useSchemaForm({
    schema: messageSchema,
    defaultValues: { message: '' },
    messages: 'grievances:actions.errors',
    idPrefix: `grievance-${action}-`,
    messageParams: { message: { min, max } },
  });
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        dialog.onOpenChange(next);
      }}
      onValid={(values) =>
        dialog.send((outcome) => act.mutate({ action, message: values.message }, outcome), {
          done: t('actions.done', { number: grievance.grievance_number }),
          failed: (error) => (form.setServerErrors(error) ? undefined : refusalText(error, t('actions.failed'))),
          then: () => form.reset(),
        })
      }
      refusal={dialog.refusal}
      title={t(`actions.${action}.title`, { number: grievance.grievance_number })}
      trigger={
        <Button variant={action === 'resolve' || action === 'answer' ? 'primary' : 'secondary'}>
          {t(`actions.${action}.button`)}
        </Button>
      }
      cancelLabel={t('actions.cancel')}
      submitLabel={t(`actions.${action}.button`)}
      busy={act.isPending}
      busyText={t('actions.submitting')}
      consequence={t(`actions.${action}.consequence`)}
    >
      <FormField form={form} name="message" label={t('actions.message')} hint={t('actions.messageHint')}>
        <Textarea rows={5} maxLength={max} {...form.register('message')} />
      </FormField>
    </SchemaFormDialog>
  );
}

const RATINGS = [1, 2, 3, 4, 5] as const;
const rateSchema = z.object({
  rating: z.enum(['1', '2', '3', '4', '5']),
  message: z.union([z.literal(''), z.string().trim().min(min).max(max)]),
});

export function RateDialog({ grievance }: { grievance: Grievance }) {
  const { t } = useTranslation('grievances');
  const refusalText = useGrievanceRefusal();
  const act = useGrievanceAction(grievance.id);
  const dialog = useDialogAction(act.isPending);
  const form = useSchemaForm({
    schema: rateSchema,
    defaultValues: { message: '' },
    messages: 'grievances:rate.errors',
    idPrefix: 'grievance-rate-',
    messageParams: { message: { min, max } },
  });
  const ratingError = form.errorOf('rating');
  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(values) =>
        dialog.send(
          (outcome) =>
            act.mutate(
              { action: 'rate', rating: Number(values.rating), ...(values.message ? { message: values.message } : {}) },
              outcome,
            ),
          {
            done: t('rate.done', { number: grievance.grievance_number }),
            failed: (error) => refusalText(error, t('actions.failed')),
          },
        )
      }
      refusal={dialog.refusal}
      title={t('rate.title', { number: grievance.grievance_number })}
      trigger={<Button variant="secondary">{t('rate.button')}</Button>}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('rate.submit')}
      busy={act.isPending}
      busyText={t('rate.submitting')}
      consequence={t('rate.consequence')}
    >
      <fieldset
        id={form.idOf('rating')}
        tabIndex={-1}
        aria-describedby={ratingError ? 'grievance-rate-error' : undefined}
      >
        <legend className="font-medium text-slate-900">{t('rate.legend')}</legend>
        {ratingError && (
          <p id="grievance-rate-error" className="mt-1 font-medium text-red-800">
            {ratingError}
          </p>
        )}
        <div className="mt-2 grid gap-2 sm:grid-cols-5">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input type="radio" value={String(value)} {...form.register('rating')} />
              <span>{t('rate.stars', { count: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <FormField form={form} name="message" label={t('rate.comment')} optional>
        <Textarea rows={3} maxLength={max} {...form.register('message')} />
      </FormField>
    </SchemaFormDialog>
  );
}
