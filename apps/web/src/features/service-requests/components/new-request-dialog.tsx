/** The New Request dialog: type (default change_name), application and allotment (empty sent as null; one of them
 * is required when the type has a fee, since the fee is billed to it) and description (required), checked against
 * the contract's request schema. The fee is the contract's for the type, shown, never typed. A refusal is said in
 * the dialog. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createServiceRequestSchema,
  formatNumber,
  formatRupees,
  SERVICE_REQUEST_TYPES,
  serviceRequestFee,
  serviceRequestNeedsApplication,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Select, Textarea } from '../../../components/ui/input';
import { SearchSelect } from '../../../components/search-select';
import { errorDetail } from '../../../lib/api-client';
import { useAllotmentPage } from '../../../api/allotments';
import { useApplicationPage } from '../../../api/applications';
import { useCreateServiceRequest } from '../api/service-requests';

const PICKER_LIMIT = 20;

/** A request with a fee names the application or allotment it is billed to. */
const newRequestSchema = createServiceRequestSchema.superRefine((request, context) => {
  if (serviceRequestNeedsApplication(request.request_type) && !request.application_id && !request.allotment_id)
    context.addIssue({ code: 'custom', message: 'required', path: ['application_id'] });
});

const EMPTY = {
  request_type: 'change_name',
  application_id: '',
  allotment_id: '',
  description: '',
} as const;

export function NewRequestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('service-requests');
  const [applicationSearch, setApplicationSearch] = useState('');
  const [allotmentSearch, setAllotmentSearch] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const applications = useApplicationPage(
    { limit: PICKER_LIMIT, sort: '-created_at', q: applicationSearch },
    { enabled: open },
  );
  // A failed look-up leaves a choice empty rather than blocking the request.
  const allotments = useAllotmentPage(
    { limit: PICKER_LIMIT, sort: '-created_at', q: allotmentSearch },
    { enabled: open },
  );
  const more = (page: { items: unknown[]; total: number } | undefined) =>
    page && page.total > page.items.length
      ? t('list:pickerMore', { shown: page.items.length, total: formatNumber(page.total) })
      : undefined;
  const create = useCreateServiceRequest();
  const form = useSchemaForm({
    schema: newRequestSchema,
    defaultValues: EMPTY,
    messages: 'service-requests:dialog.errors',
    idPrefix: 'sr-',
    fieldOrder: ['request_type', 'application_id', 'allotment_id', 'description'],
  });

  const fee = serviceRequestFee(form.watch('request_type') ?? EMPTY.request_type);
  const applicationError = form.errorOf('application_id');

  return (
    <SchemaFormDialog
      form={form}
      onValid={({ fee_amount: _ignored, ...request }) => {
        if (create.isPending) return;
        setRefusal(undefined);
        create.mutate(request, {
          onSuccess: () => {
            toast.success(t('dialog.submitted'));
            form.reset();
            onOpenChange(false);
          },
          // The spec's words lead; the server's reason, when it gave one, follows.
          onError: (error) => {
            const reason = errorDetail(error, '');
            setRefusal(reason ? t('dialog.failedBecause', { reason }) : t('dialog.failed'));
          },
        });
      }}
      refusal={refusal}
      open={open}
      onOpenChange={(next) => {
        if (!next) setRefusal(undefined);
        onOpenChange(next);
      }}
      title={t('dialog.title')}
      description={t('dialog.description')}
      formClassName="space-y-5"
      cancelLabel={t('dialog.cancel')}
      submitLabel={t('dialog.submit')}
      busy={create.isPending}
      busyText={t('dialog.submitting')}
    >
      <FormField
        form={form}
        name="request_type"
        label={t('dialog.requestType')}
        hint={fee > 0 ? t('dialog.feeHint', { fee: formatRupees(fee) }) : t('dialog.noFee')}
      >
        <Select {...form.register('request_type')}>
          {SERVICE_REQUEST_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <SearchSelect
        id={form.idOf('application_id')}
        label={t('dialog.application')}
        searchLabel={t('dialog.findApplication')}
        noneLabel={t('dialog.none')}
        optional={fee === 0}
        value={form.watch('application_id') ?? ''}
        onChange={(value) => form.setValue('application_id', value)}
        search={applicationSearch}
        onSearch={setApplicationSearch}
        hint={more(applications.data)}
        options={(applications.data?.items ?? []).map((application) => ({
          value: application.id,
          label: application.application_number,
        }))}
      />
      {applicationError && <p className="-mt-3 text-sm font-medium text-red-700">{applicationError}</p>}
      <SearchSelect
        id={form.idOf('allotment_id')}
        label={t('dialog.allotment')}
        searchLabel={t('dialog.findAllotment')}
        noneLabel={t('dialog.none')}
        optional={fee === 0}
        value={form.watch('allotment_id') ?? ''}
        onChange={(value) => form.setValue('allotment_id', value)}
        search={allotmentSearch}
        onSearch={setAllotmentSearch}
        hint={more(allotments.data)}
        options={(allotments.data?.items ?? []).map((allotment) => ({
          value: allotment.id,
          label: allotment.allotment_number,
        }))}
      />
      <FormField form={form} name="description" label={t('dialog.descriptionField')}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
    </SchemaFormDialog>
  );
}
