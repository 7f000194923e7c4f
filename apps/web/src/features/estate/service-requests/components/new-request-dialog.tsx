/** The New Request dialog: type (default change_name), application and allotment (empty sent as null; the application
 * is required when the type has a fee, since the fee is billed to it, and the allotment always, since every service
 * changes the allotment it is asked for on; an extension of time also names its milestone), the particulars the type
 * needs (SERVICE_PARTICULARS: who a transfer is to, the new name, constitution or activity, the lender and loan, the
 * sub-lessee, area and months) and description (required), checked against the contract's request schema. One choice
 * per thing: the application, then an allotment of that application only (the server filters the list), so the two
 * cannot disagree. The fee is the contract's for the type and particulars, worked out with the plot's valuation once
 * the allotment is chosen (the rule in words before), shown, never typed. A refusal is said in the dialog in the
 * reader's words, where it takes focus so it is in view; a field the server refused shows its error at the field. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MILESTONE_KINDS,
  SERVICE_REQUEST_TYPES,
  serviceFeeNeedsValuation,
  serviceIsFree,
  serviceRequestNeedsApplication,
  SERVICES_WITHOUT_ALLOTMENT,
  formatNumber,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../../components/form/schema-form-dialog';
import {
  emptyServiceRequestValues,
  PARTICULAR_FIELDS,
  SERVICE_FORM_MESSAGE_PARAMS,
  serviceRequestFormSchema,
} from '../../components/service-request-form/form-schema';
import { ParticularFields } from '../../components/service-request-form/particular-fields';
import { useServiceRefusalText } from '../../components/service-request-form/refusal-text';
import { useServiceFeeText } from '../../components/service-request-form/service-fee-text';
import { Select, Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { SearchSelect } from '../../../../components/search-select';
import { useAllotmentPage } from '../../../../api/allotments';
import { useApplicationPage } from '../../../../api/applications';
import { useAsset } from '../../../../api/assets';
import { useCreateServiceRequest } from '../api/service-requests';

/** An applicant's applications fit one select; more than this offers a search. */
const PICKER_LIMIT = 50;

/** A request with a fee names the application it is billed to; every request but a change of name or constitution
 * names the allotment it changes, and an extension of time its milestone. */
const newRequestSchema = serviceRequestFormSchema((request, context) => {
  const type = request.request_type ?? 'change_name';
  if (serviceRequestNeedsApplication(type) && !request.application_id && !request.allotment_id)
    context.addIssue({ code: 'custom', message: 'required', path: ['application_id'] });
  if (!request.allotment_id && !SERVICES_WITHOUT_ALLOTMENT.includes(type))
    context.addIssue({ code: 'custom', message: 'required', path: ['allotment_id'] });
  if (type === 'eot' && !request.milestone)
    context.addIssue({ code: 'custom', message: 'required', path: ['milestone'] });
});

const FIELD_ORDER = [
  'request_type',
  'application_id',
  'allotment_id',
  'milestone',
  ...PARTICULAR_FIELDS,
  'description',
] as const;

export function NewRequestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('service-requests');
  const [applicationSearch, setApplicationSearch] = useState('');
  const feeText = useServiceFeeText();
  const { reasonOf, placeFieldErrors } = useServiceRefusalText();
  const applications = useApplicationPage(
    { limit: PICKER_LIMIT, sort: '-created_at', q: applicationSearch },
    { enabled: open },
  );
  const more = (page: { items: unknown[]; total: number } | undefined) =>
    page && page.total > page.items.length
      ? t('list:pickerMore', { shown: page.items.length, total: formatNumber(page.total) })
      : undefined;
  const create = useCreateServiceRequest();
  const dialog = useDialogAction(create.isPending, { open, onOpenChange });
  const form = useSchemaForm({
    schema: newRequestSchema,
    defaultValues: emptyServiceRequestValues('change_name'),
    messages: 'service-request-form:errors',
    idPrefix: 'sr-',
    fieldOrder: FIELD_ORDER,
    messageParams: SERVICE_FORM_MESSAGE_PARAMS,
  });

  const type = form.watch('request_type') ?? 'change_name';
  const extension = type === 'eot';
  const applicationId = form.watch('application_id') ?? '';
  const allotmentId = form.watch('allotment_id') ?? '';
  // Only the chosen application's allotments (a failed look-up leaves the choice empty rather than blocking).
  const allotments = useAllotmentPage(
    { limit: PICKER_LIMIT, sort: '-created_at', application_id: applicationId },
    { enabled: open && applicationId !== '' },
  );
  const chosenAllotment = allotments.data?.items.find((allotment) => allotment.id === allotmentId);
  const needsValuation = serviceFeeNeedsValuation(type);
  const asset = useAsset(needsValuation ? chosenAllotment?.asset_id : undefined);
  const fee = feeText(type, needsValuation ? asset.data?.valuation : undefined, {
    legal_heir: form.watch('legal_heir'),
    months: form.watch('months'),
  });
  const allotmentOptions = applicationId
    ? (allotments.data?.items ?? []).map((allotment) => ({
        value: allotment.id,
        label: allotment.allotment_number,
      }))
    : [];
  const allotmentHint = !applicationId
    ? t('dialog.allotmentAfterApplication')
    : allotments.data && allotments.data.total === 0
      ? t('dialog.noAllotment')
      : t('dialog.allotmentHint');

  return (
    <SchemaFormDialog
      form={form}
      onValid={(body) => {
        // The particulars only when the type names some.
        const { particulars, ...request } = body;
        dialog.send(
          (outcome) =>
            create.mutate(Object.keys(particulars).length > 0 ? { ...request, particulars } : request, outcome),
          {
            done: t('dialog.submitted'),
            // A refused field shows at the field; otherwise the spec's words lead, and the reason, when known, follows.
            failed: (error) => {
              if (placeFieldErrors(form, error)) return undefined;
              const reason = reasonOf(error);
              return reason ? t('dialog.failedBecause', { reason }) : t('dialog.failed');
            },
            then: () => form.reset(),
          },
        );
      }}
      refusal={dialog.refusal}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
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
        hint={`${fee} ${t(SERVICES_WITHOUT_ALLOTMENT.includes(type) ? 'dialog.onApplication' : 'dialog.onPlot')}`}
      >
        <Select {...form.register('request_type')}>
          {SERVICE_REQUEST_TYPES.map((value) => (
            <option key={value} value={value}>
              {t(`types.${value}`)}
            </option>
          ))}
        </Select>
      </FormField>
      <SearchSelect
        id={form.idOf('application_id')}
        label={t('dialog.application')}
        searchLabel={t('dialog.findApplication')}
        noneLabel={t('dialog.none')}
        optional={serviceIsFree(type)}
        value={applicationId}
        onChange={(value) => {
          form.setValue('application_id', value, { shouldValidate: form.formState.isSubmitted });
          // An allotment belongs to one application: another application's choice starts afresh.
          form.setValue('allotment_id', '');
        }}
        search={applicationSearch}
        onSearch={setApplicationSearch}
        hasMore={Boolean(applications.data && applications.data.total > applications.data.items.length)}
        hint={more(applications.data)}
        error={form.errorOf('application_id')}
        options={(applications.data?.items ?? []).map((application) => ({
          value: application.id,
          label: application.application_number,
        }))}
      />
      <SearchSelect
        id={form.idOf('allotment_id')}
        label={t(SERVICES_WITHOUT_ALLOTMENT.includes(type) ? 'dialog.allotmentOptional' : 'dialog.allotment')}
        searchLabel={t('dialog.findAllotment')}
        noneLabel={t('dialog.none')}
        disabled={!applicationId}
        value={allotmentId}
        onChange={(value) => form.setValue('allotment_id', value, { shouldValidate: form.formState.isSubmitted })}
        search=""
        onSearch={() => undefined}
        hint={allotmentHint}
        error={form.errorOf('allotment_id')}
        options={allotmentOptions}
      />
      {extension && (
        <FormField form={form} name="milestone" label={t('dialog.milestone')}>
          <Select {...form.register('milestone')}>
            <option value="">{t('dialog.chooseMilestone')}</option>
            {MILESTONE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`dialog.milestones.${kind}`)}
              </option>
            ))}
          </Select>
        </FormField>
      )}
      {type === 'transfer' && <p className="text-slate-800">{t('service-request-form:transferNote')}</p>}
      <ParticularFields form={form} type={type} unit={asset.data?.unit} />
      <FormField form={form} name="description" label={t('dialog.descriptionField')}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
    </SchemaFormDialog>
  );
}
