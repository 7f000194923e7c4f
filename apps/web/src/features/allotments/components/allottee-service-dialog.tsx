/** The two services a plot offers from My plots, each a dialog that says what will happen before it is asked for:
 * an extension of time for one unmet milestone (its due date now and after, the extensions used, how the fee is
 * reckoned and when the new date takes effect) and surrender (the plot returns, what is refunded). Either posts a
 * service request naming the allotment (and the milestone); the reason is required. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ALLOTTEE_SERVICES,
  createServiceRequestSchema,
  ESTATE_TERMS,
  extendedDueOn,
  formatDate,
  formatNumber,
  type Allotment,
  type Milestone,
} from '@portal/contract';
import { FormField, useSchemaForm } from '../../../components/form/schema-form';
import { SchemaFormDialog } from '../../../components/form/schema-form-dialog';
import { Textarea } from '../../../components/ui/input';
import { errorDetail } from '../../../lib/api-client';
import { useAskForService } from '../api/allottee-services';

export type AllotteeServiceAsk =
  { service: 'eot'; allotment: Allotment; milestone: Milestone } | { service: 'withdrawal'; allotment: Allotment };

const reasonSchema = createServiceRequestSchema.pick({ description: true });

const EOT_SHARE = ALLOTTEE_SERVICES.eot.fee.share;

export function AllotteeServiceDialog({ ask, onClose }: { ask: AllotteeServiceAsk | undefined; onClose: () => void }) {
  const { t } = useTranslation('allotments');
  const [refusal, setRefusal] = useState<string>();
  const send = useAskForService();
  const form = useSchemaForm({
    schema: reasonSchema,
    defaultValues: { description: '' },
    messages: 'allotments:service.errors',
    idPrefix: 'plot-service-',
  });
  const eot = ask?.service === 'eot' ? ask : undefined;
  const plot = ask?.allotment.asset_code ?? ask?.allotment.allotment_number ?? '';
  const milestoneName = eot ? t(`milestones.kinds.${eot.milestone.kind}`) : '';

  const facts: string[] = eot
    ? [
        t('extension.dueNow', { milestone: milestoneName, date: formatDate(eot.milestone.due_on) }),
        t('extension.dueAfter', {
          months: formatNumber(ESTATE_TERMS.extensionMonths),
          date: formatDate(extendedDueOn(eot.milestone.due_on)),
        }),
        t('extension.used', {
          used: formatNumber(eot.milestone.extensions),
          max: formatNumber(ESTATE_TERMS.maxExtensionsPerMilestone),
        }),
        t('extension.fee', { percent: formatNumber(EOT_SHARE * 100) }),
      ]
    : ask
      ? [
          t('surrender.returns'),
          productionStarted(ask.allotment)
            ? t('surrender.refundAfterProduction')
            : t('surrender.refundBeforeProduction'),
          t('surrender.dues'),
          t('surrender.review'),
        ]
      : [];

  const close = () => {
    setRefusal(undefined);
    onClose();
  };

  return (
    <SchemaFormDialog
      form={form}
      open={ask !== undefined}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      onValid={({ description }) => {
        if (!ask || send.isPending) return;
        setRefusal(undefined);
        send.mutate(
          {
            request_type: ask.service,
            allotment_id: ask.allotment.id,
            application_id: ask.allotment.application_id,
            ...(ask.service === 'eot' ? { milestone: ask.milestone.kind } : {}),
            description,
          },
          {
            onSuccess: () => {
              toast.success(ask.service === 'eot' ? t('extension.sent') : t('surrender.sent'));
              form.reset();
              close();
            },
            onError: (error) => {
              const reason = errorDetail(error, '');
              setRefusal(reason ? t('service.failedBecause', { reason }) : t('service.failed'));
            },
          },
        );
      }}
      refusal={refusal}
      title={eot ? t('extension.title', { milestone: milestoneName }) : t('surrender.title', { plot })}
      description={eot ? t('extension.description', { plot }) : t('surrender.description', { plot })}
      formClassName="space-y-5"
      cancelLabel={t('service.cancel')}
      submitLabel={eot ? t('extension.submit') : t('surrender.submit')}
      submitVariant={eot ? 'primary' : 'danger'}
      busy={send.isPending}
      busyText={t('service.sending')}
    >
      <ul className="list-disc space-y-1.5 pl-5 text-slate-800">
        {facts.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
      <FormField
        form={form}
        name="description"
        label={eot ? t('extension.reason') : t('surrender.reason')}
        hint={t('service.reasonHint')}
      >
        <Textarea rows={4} {...form.register('description')} />
      </FormField>
    </SchemaFormDialog>
  );
}

/** Production has started once its milestone is met: the refund rule changes then. */
function productionStarted(allotment: Allotment): boolean {
  return allotment.milestones.some((milestone) => milestone.kind === 'start_production' && milestone.met_on !== null);
}
