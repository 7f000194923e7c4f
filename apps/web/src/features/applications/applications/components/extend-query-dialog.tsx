/** Extend a lapsed query's reply-by date, once: a day after today (seven working days ahead unless changed). The
 * applicant is told and may answer again until then. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
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
  const [refusal, setRefusal] = useState<string>();
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
        if (!query || extend.isPending) return;
        setRefusal(undefined);
        extend.mutate(
          { queryId: query.id, ...values },
          {
            onSuccess: () => {
              toast.success(t('extendQuery.success'));
              form.reset();
              onClose();
            },
            onError: (failure) => setRefusal(errorDetail(failure, t('extendQuery.failed'))),
          },
        );
      }}
      refusal={refusal}
      open={query !== undefined}
      onOpenChange={(next) => {
        if (next) return;
        setRefusal(undefined);
        onClose();
      }}
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
