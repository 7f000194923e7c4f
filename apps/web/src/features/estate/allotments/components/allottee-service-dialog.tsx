/** The services a plot offers from My plots, each a dialog that says what will happen before it is asked for: an
 * extension of time for one unmet milestone (its due date now and after, the extensions used), a surrender (the plot
 * returns, what is refunded), a transfer (the transferee accepts it in the portal first), and the changes, NOC and
 * subletting, each asking for the particulars its type needs (SERVICE_PARTICULARS). The fee is the contract's for
 * those particulars and the plot's valuation. It posts a service request naming the allotment (and the milestone); the
 * reason is required. A refusal (unpaid dues, not allowed now...) is said in the dialog in the reader's words, and a
 * field the server refused shows its error at the field. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ESTATE_TERMS,
  extendedDueOn,
  formatDate,
  formatNumber,
  serviceFeeNeedsValuation,
  businessToday,
  type Allotment,
  type Milestone,
  type ServiceRequestType,
} from '@portal/contract';
import { useAsset } from '../../../../api/assets';
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
import { Textarea } from '../../../../components/ui/input';
import { useDialogAction } from '../../../../components/ui/use-dialog-action';
import { useAskForService } from '../api/allottee-services';

/** The services asked for from a plot's card besides an extension of time. */
export type PlotService = Exclude<ServiceRequestType, 'eot'>;

export type AllotteeServiceAsk =
  { service: 'eot'; allotment: Allotment; milestone: Milestone } | { service: PlotService; allotment: Allotment };

const schema = serviceRequestFormSchema();
const FIELD_ORDER = [...PARTICULAR_FIELDS, 'description'] as const;

export function AllotteeServiceDialog({ ask, onClose }: { ask: AllotteeServiceAsk | undefined; onClose: () => void }) {
  const { t } = useTranslation('allotments');
  const send = useAskForService();
  const dialog = useDialogAction(send.isPending, {
    open: ask !== undefined,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const feeText = useServiceFeeText();
  const { reasonOf, placeFieldErrors } = useServiceRefusalText();
  const form = useSchemaForm({
    schema,
    defaultValues: emptyServiceRequestValues('eot'),
    messages: 'service-request-form:errors',
    idPrefix: 'plot-service-',
    fieldOrder: FIELD_ORDER,
    messageParams: SERVICE_FORM_MESSAGE_PARAMS,
  });
  const { reset } = form;
  // Each ask starts afresh, with its type, allotment and milestone in the form.
  useEffect(() => {
    if (!ask) return;
    reset(
      emptyServiceRequestValues(ask.service, {
        allotment_id: ask.allotment.id,
        application_id: ask.allotment.application_id,
        milestone: ask.service === 'eot' ? ask.milestone.kind : '',
      }),
    );
  }, [ask, reset]);

  const service = ask?.service ?? 'eot';
  const needsValuation = ask !== undefined && serviceFeeNeedsValuation(service);
  const asset = useAsset(needsValuation ? ask.allotment.asset_id : undefined);
  const valuation = needsValuation ? asset.data?.valuation : undefined;
  const legalHeir = form.watch('legal_heir');
  const months = form.watch('months');
  const fee = ask ? feeText(service, valuation, { legal_heir: legalHeir, months }) : '';

  const eot = ask?.service === 'eot' ? ask : undefined;
  const plot = ask?.allotment.asset_code ?? ask?.allotment.allotment_number ?? '';
  const milestoneName = eot ? t(`milestones.kinds.${eot.milestone.kind}`) : '';

  const newDueOn = eot ? extendedDueOn(eot.milestone.due_on) : '';
  // The new date may itself be past (a milestone long overdue): the holder is told it stays late before asking.
  const stillLate = eot !== undefined && newDueOn < businessToday();
  const facts: string[] = eot
    ? [
        t('extension.dueNow', { milestone: milestoneName, date: formatDate(eot.milestone.due_on) }),
        t('extension.dueAfter', {
          months: formatNumber(ESTATE_TERMS.extensionMonths),
          date: formatDate(newDueOn),
        }),
        t('extension.used', {
          used: formatNumber(eot.milestone.extensions_used ?? eot.milestone.extensions),
          max: formatNumber(ESTATE_TERMS.maxExtensionsPerMilestone),
        }),
        fee,
      ]
    : ask?.service === 'withdrawal'
      ? [
          t('surrender.returns'),
          productionStarted(ask.allotment)
            ? t('surrender.refundAfterProduction')
            : t('surrender.refundBeforeProduction'),
          t('surrender.dues'),
          t('surrender.review'),
        ]
      : ask
        ? [...(ask.service === 'transfer' ? [t('service-request-form:transferNote')] : []), fee]
        : [];

  const words = (key: string, values: Record<string, string> = {}) =>
    eot
      ? t(`extension.${key}`, values)
      : service === 'withdrawal'
        ? t(`surrender.${key}`, values)
        : t(`services.${service}.${key}`, values);

  return (
    <SchemaFormDialog
      form={form}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onValid={(body) => {
        if (!ask) return;
        // Only the particulars the type names are sent, and none at all for a service that names none.
        const { particulars, ...request } = body;
        dialog.send(
          (outcome) =>
            send.mutate(Object.keys(particulars).length > 0 ? { ...request, particulars } : request, outcome),
          {
            done: words('sent'),
            // A refused field shows at the field; any other refusal in the dialog.
            failed: (error) => {
              if (placeFieldErrors(form, error)) return undefined;
              const reason = reasonOf(error);
              return reason ? t('service.failedBecause', { reason }) : t('service.failed');
            },
          },
        );
      }}
      refusal={dialog.refusal}
      title={eot ? t('extension.title', { milestone: milestoneName }) : words('title', { plot })}
      description={words('description', { plot })}
      formClassName="space-y-5"
      cancelLabel={t('service.cancel')}
      submitLabel={words('submit')}
      submitVariant={service === 'withdrawal' ? 'danger' : 'primary'}
      busy={send.isPending}
      busyText={t('service.sending')}
    >
      <ul className="list-disc space-y-1.5 pl-5 text-slate-800">
        {facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      {stillLate && (
        <p className="rounded-md border border-amber-600 bg-amber-50 p-3 text-amber-900">
          {t('extension.stillLate', { date: formatDate(newDueOn), milestone: milestoneName })}
        </p>
      )}
      {ask && <ParticularFields form={form} type={service} unit={asset.data?.unit} />}
      <FormField form={form} name="description" label={words('reason')} hint={t('service.reasonHint')}>
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
    </SchemaFormDialog>
  );
}

/** Production has started once its milestone is met: the refund rule changes then. */
function productionStarted(allotment: Allotment): boolean {
  return allotment.milestones.some((milestone) => milestone.kind === 'start_production' && milestone.met_on !== null);
}
