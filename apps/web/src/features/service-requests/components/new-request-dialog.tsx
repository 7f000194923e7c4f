/** The New Request dialog: type (default change_name), application and allotment (empty sent as null; one of them
 * is required when the type has a fee, since the fee is billed to it, and the allotment when the service changes it:
 * an extension of time, which also names its milestone, or a surrender) and description (required), checked against
 * the contract's request schema. One choice per thing: the application, then an allotment of that application only
 * (the server filters the list), so the two cannot disagree. The fee is the contract's rule for the type (a sum, or a
 * share of the plot's valuation the server works out), shown, never typed. A refusal is said in the dialog, where it
 * takes focus so it is in view. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ALLOTTEE_SERVICES,
  createServiceRequestSchema,
  formatNumber,
  formatRupees,
  MILESTONE_KINDS,
  SERVICE_REQUEST_TYPES,
  serviceRequestNeedsApplication,
  type ServiceRequestType,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Select, Textarea } from '../../../components/ui/input';
import { SearchSelect } from '../../../components/search-select';
import { errorDetail } from '../../../lib/api-client';
import { useAllotmentPage } from '../../../api/allotments';
import { useApplicationPage } from '../../../api/applications';
import { useCreateServiceRequest } from '../api/service-requests';

/** An applicant's applications fit one select; more than this offers a search. */
const PICKER_LIMIT = 50;

/** A service that changes the allotment (an extension of time, a surrender) is asked for on one allotment. */
const changesAllotment = (type: ServiceRequestType) => ALLOTTEE_SERVICES[type].effect !== 'none';

/** A request with a fee names the application or allotment it is billed to; one that changes the allotment names it,
 * and an extension of time its milestone. */
const newRequestSchema = createServiceRequestSchema
  .extend({
    milestone: z
      .enum(MILESTONE_KINDS)
      .optional()
      .or(z.literal('').transform(() => undefined)),
  })
  .superRefine((request, context) => {
    const type = request.request_type;
    if (serviceRequestNeedsApplication(type) && !request.application_id && !request.allotment_id)
      context.addIssue({ code: 'custom', message: 'required', path: ['application_id'] });
    if (changesAllotment(type) && !request.allotment_id)
      context.addIssue({ code: 'custom', message: 'required', path: ['allotment_id'] });
    if (ALLOTTEE_SERVICES[type].effect === 'extend_milestone' && !request.milestone)
      context.addIssue({ code: 'custom', message: 'required', path: ['milestone'] });
  });

const EMPTY = {
  request_type: 'change_name',
  application_id: '',
  allotment_id: '',
  milestone: '',
  description: '',
} as const;

export function NewRequestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('service-requests');
  const [applicationSearch, setApplicationSearch] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const applications = useApplicationPage(
    { limit: PICKER_LIMIT, sort: '-created_at', q: applicationSearch },
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
    fieldOrder: ['request_type', 'application_id', 'allotment_id', 'milestone', 'description'],
  });

  const type = form.watch('request_type') ?? EMPTY.request_type;
  const feeRule = ALLOTTEE_SERVICES[type].fee;
  const free = feeRule.kind === 'free';
  const feeHint =
    feeRule.kind === 'fixed'
      ? t('dialog.feeHint', { fee: formatRupees(feeRule.amount) })
      : feeRule.kind === 'share_of_valuation'
        ? t('dialog.feeShareHint', { percent: formatNumber(feeRule.share * 100) })
        : feeRule.kind === 'per_year_of_extension'
          ? t('dialog.feePerYearHint', { percent: formatNumber(feeRule.share * 100) })
          : t('dialog.noFee');
  const onAllotment = changesAllotment(type);
  const extension = ALLOTTEE_SERVICES[type].effect === 'extend_milestone';
  const applicationId = form.watch('application_id') ?? '';
  // Only the chosen application's allotments (a failed look-up leaves the choice empty rather than blocking).
  const allotments = useAllotmentPage(
    { limit: PICKER_LIMIT, sort: '-created_at', application_id: applicationId },
    { enabled: open && applicationId !== '' },
  );
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
      onValid={({ fee_amount: _ignored, milestone, ...request }) => {
        if (create.isPending) return;
        setRefusal(undefined);
        // Only an extension of time names a milestone.
        create.mutate(extension && milestone ? { ...request, milestone } : request, {
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
        hint={onAllotment ? `${feeHint} ${t('dialog.onPlot')}` : feeHint}
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
        optional={free && !onAllotment}
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
        label={t('dialog.allotment')}
        searchLabel={t('dialog.findAllotment')}
        noneLabel={t('dialog.none')}
        optional={!onAllotment}
        disabled={!applicationId}
        value={form.watch('allotment_id') ?? ''}
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
      <FormField form={form} name="description" label={t('dialog.descriptionField')}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
    </SchemaFormDialog>
  );
}
