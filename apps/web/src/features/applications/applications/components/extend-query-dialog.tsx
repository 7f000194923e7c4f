/** Extend a lapsed query's reply-by date, once: a day after today (seven working days ahead unless changed). The
 * applicant is told and may answer again until then. */
import { useTranslation } from 'react-i18next';
import {
  addWorkingDays,
  businessToday,
  extendQueryRequestSchema,
  toInputDate,
  type ApplicationQuery,
} from '@portal/contract';
import { FormDateField, inputDate } from '../../../../components/form/date-input';
import { useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { errorDetail } from '../../../../lib/api-client';
import { useExtendQuery } from '../api/case-work';
import { QUERY_REPLY_WORKING_DAYS } from './raise-query-dialog';

const extendQueryFormSchema = extendQueryRequestSchema.extend({
  respond_by: inputDate().refine((day) => day > businessToday(), { error: 'not_future' }),
});

export interface ExtendQueryDialogProps {
  applicationId: string;
  /** The lapsed query; the dialog is open while it is set. */
  query: ApplicationQuery | undefined;
  onClose: () => void;
}

export function ExtendQueryDialog({ applicationId, query, onClose }: ExtendQueryDialogProps) {
  const { t } = useTranslation('applications');
  const extend = useExtendQuery(applicationId);
  const dialog = useDialogAction(extend.isPending, {
    open: query !== undefined,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const form = useSchemaForm({
    schema: extendQueryFormSchema,
    defaultValues: { respond_by: toInputDate(addWorkingDays(businessToday(), QUERY_REPLY_WORKING_DAYS)) },
    messages: 'applications:extendQuery.errors',
    idPrefix: 'extend-query-',
  });

  return (
    <SchemaFormDialog
      form={form}
      onValid={(values) => {
        if (!query) return;
        dialog.send((outcome) => extend.mutate({ queryId: query.id, ...values }, outcome), {
          done: t('extendQuery.success'),
          failed: (failure) => errorDetail(failure, t('extendQuery.failed')),
          then: () => form.reset(),
        });
      }}
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      title={t('extendQuery.title')}
      cancelLabel={t('cancel')}
      submitLabel={t('extendQuery.submit')}
      busy={extend.isPending}
      busyText={t('extendQuery.submitting')}
      consequence={t('extendQuery.consequence')}
    >
      <FormDateField
        form={form}
        name="respond_by"
        label={t('extendQuery.respondBy')}
        hint={t('extendQuery.respondByHint')}
      />
    </SchemaFormDialog>
  );
}
