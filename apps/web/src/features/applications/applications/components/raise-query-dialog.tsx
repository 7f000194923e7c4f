/** Raise a query (a shortfall letter): what the applicant must send or explain, and the date to reply by (seven
 * working days ahead unless changed). The service clock stops until the applicant answers. */
import { useTranslation } from 'react-i18next';
import {
  addWorkingDays,
  businessToday,
  createQueryRequestSchema,
  QUERY_MESSAGE_MAX,
  toInputDate,
} from '@portal/contract';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../../lib/api-client';
import { useRaiseQuery } from '../api/case-work';

/** The reply-by date offered: this many working days after today. */
export const QUERY_REPLY_WORKING_DAYS = 7;

const raiseQueryFormSchema = createQueryRequestSchema.extend({
  respond_by: inputDate().refine((day) => day >= businessToday(), { error: 'in_past' }),
});

export interface RaiseQueryDialogProps {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function RaiseQueryDialog({ applicationId, open, onOpenChange }: RaiseQueryDialogProps) {
  const { t } = useTranslation('applications');
  const raise = useRaiseQuery(applicationId);
  const dialog = useDialogAction(raise.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: raiseQueryFormSchema,
    defaultValues: { message: '', respond_by: toInputDate(addWorkingDays(businessToday(), QUERY_REPLY_WORKING_DAYS)) },
    messages: 'applications:raiseQuery.errors',
    idPrefix: 'raise-query-',
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) =>
        dialog.send((outcome) => raise.mutate(values, outcome), {
          done: t('raiseQuery.success'),
          failed: (failure) => errorDetail(failure, t('raiseQuery.failed')),
          then: () => form.reset(),
        })
      }
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('raiseQuery.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('raiseQuery.submit')}
      busy={raise.isPending}
      busyText={t('raiseQuery.submitting')}
      consequence={t('raiseQuery.consequence')}
    >
      <FormField form={form} name="message" label={t('raiseQuery.message')} hint={t('raiseQuery.messageHint')}>
        <Textarea rows={5} maxLength={QUERY_MESSAGE_MAX} {...form.register('message')} />
      </FormField>
      <FormDateField
        form={form}
        name="respond_by"
        label={t('raiseQuery.respondBy')}
        hint={t('raiseQuery.respondByHint', { count: QUERY_REPLY_WORKING_DAYS })}
      />
    </SchemaFormDialog>
  );
}
