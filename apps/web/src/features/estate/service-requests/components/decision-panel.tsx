/** An officer's moves on a request: a button for each status the lifecycle allows next, remarks (the applicant reads
 * them; required to reject), and what each move does, said before it is made. */
import { useState } from 'react';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  FEES,
  formatRupees,
  serviceRequestMovesNow,
  SERVICE_REQUEST_REMARKS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequest,
  type ServiceRequestStatus,
} from '@portal/contract';
import { Button, type ButtonVariant } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import { Textarea } from '../../../../components/ui/input';
import { useServiceRefusalText } from '../../components/service-request-form/refusal-text';
import { useUpdateServiceRequest } from '../api/service-requests';

/** The move chosen (set by the button pressed) and the remarks: required, and long enough, only to reject. */
const decisionFormSchema = z
  .object({ status: z.enum(SERVICE_REQUEST_STATUSES), remarks: z.string() })
  .superRefine(({ status, remarks }, context) => {
    const text = remarks.trim();
    if (text.length > SERVICE_REQUEST_REMARKS.max)
      context.addIssue({ code: 'custom', path: ['remarks'], message: 'too_long' });
    else if (status === 'rejected' && text.length < SERVICE_REQUEST_REMARKS.min)
      context.addIssue({ code: 'custom', path: ['remarks'], message: 'needed_to_reject' });
  });
const VARIANTS: Record<ServiceRequestStatus, ButtonVariant> = {
  submitted: 'secondary',
  in_progress: 'primary',
  approved: 'primary',
  rejected: 'danger',
};

export function DecisionPanel({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('service-requests');
  const update = useUpdateServiceRequest(request.id);
  const { reasonOf } = useServiceRefusalText();
  const [moving, setMoving] = useState<ServiceRequestStatus>();
  const form = useSchemaForm({
    schema: decisionFormSchema,
    defaultValues: { status: request.status, remarks: '' },
    messages: 'service-requests:officer.decision.errors',
    idPrefix: 'sr-decision-',
    fieldOrder: ['remarks'],
    messageParams: { remarks: SERVICE_REQUEST_REMARKS },
  });
  // While the applicant still owes particulars, only a rejection (decision 021).
  const next = serviceRequestMovesNow(request.status, request.particulars_needed);
  if (next.length === 0) return null;

  const consequence = (to: ServiceRequestStatus) =>
    to === 'approved' && request.fee_amount > 0
      ? t('officer.decision.consequence_approved_fee', {
          fee: formatRupees(request.fee_amount),
          days: FEES.invoiceDueDays,
        })
      : t(`officer.decision.consequence_${to}`);

  const move = ({ status: to, remarks }: z.output<typeof decisionFormSchema>) => {
    const text = remarks.trim();
    setMoving(to);
    update.mutate(
      { status: to, ...(text ? { remarks: text } : {}) },
      {
        onSuccess: () => {
          toast.success(t(`officer.decision.success_${to}`));
          form.reset({ status: to, remarks: '' });
        },
        onError: (error) =>
          toast.error(t('officer.decision.failed'), {
            // A transfer its transferee has not accepted, unpaid dues...: in the reader's words.
            description: reasonOf(error) || undefined,
          }),
        onSettled: () => setMoving(undefined),
      },
    );
  };

  return (
    <Card title={t('officer.decision.title')} aria-label={t('officer.decision.title')}>
      <SchemaFormElement form={form} onValid={move} className="space-y-4">
        <FormField
          form={form}
          name="remarks"
          label={t('officer.decision.remarks')}
          hint={t('officer.decision.remarksHint', SERVICE_REQUEST_REMARKS)}
        >
          <Textarea rows={4} maxLength={SERVICE_REQUEST_REMARKS.max} {...form.register('remarks')} />
        </FormField>
        <ul className="space-y-1 text-slate-700">
          {next.map((to) => (
            <li key={to}>{consequence(to)}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          {next.map((to) => (
            <Button
              key={to}
              variant={VARIANTS[to]}
              busy={moving === to}
              busyText={t('officer.decision.busy')}
              disabled={update.isPending && moving !== to}
              onClick={() => {
                form.setValue('status', to);
                void form.handleSubmit(move)();
              }}
            >
              {t(`officer.decision.${to}`)}
            </Button>
          ))}
        </div>
      </SchemaFormElement>
    </Card>
  );
}
