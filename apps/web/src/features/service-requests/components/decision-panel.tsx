/** An officer's moves on a request: a button for each status the lifecycle allows next, remarks (the applicant reads
 * them; required to reject), and what each move does, said before it is made. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  FEES,
  formatRupees,
  nextServiceRequestStatuses,
  SERVICE_REQUEST_REMARKS,
  type ServiceRequest,
  type ServiceRequestStatus,
} from '@portal/contract';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorSummary, type FieldError } from '../../../components/ui/error-summary';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { useUpdateServiceRequest } from '../api/service-requests';

const REMARKS_ID = 'sr-decision-remarks';
const VARIANTS: Record<ServiceRequestStatus, ButtonVariant> = {
  submitted: 'secondary',
  in_progress: 'primary',
  approved: 'primary',
  rejected: 'danger',
};

export function DecisionPanel({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('service-requests');
  const update = useUpdateServiceRequest(request.id);
  const [remarks, setRemarks] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempts, setAttempts] = useState(0);
  const [moving, setMoving] = useState<ServiceRequestStatus>();
  const next = nextServiceRequestStatuses(request.status);
  if (next.length === 0) return null;

  const consequence = (to: ServiceRequestStatus) =>
    to === 'approved' && request.fee_amount > 0
      ? t('officer.decision.consequence_approved_fee', {
          fee: formatRupees(request.fee_amount),
          days: FEES.invoiceDueDays,
        })
      : t(`officer.decision.consequence_${to}`);

  const moveTo = (to: ServiceRequestStatus) => {
    const text = remarks.trim();
    const found: FieldError[] = [];
    if (text.length > SERVICE_REQUEST_REMARKS.max)
      found.push({ fieldId: REMARKS_ID, message: t('officer.decision.remarksTooLong', SERVICE_REQUEST_REMARKS) });
    else if (to === 'rejected' && text.length < SERVICE_REQUEST_REMARKS.min)
      found.push({ fieldId: REMARKS_ID, message: t('officer.decision.remarksRequired', SERVICE_REQUEST_REMARKS) });
    setErrors(found);
    setAttempts((count) => count + 1);
    if (found.length > 0) return;
    setMoving(to);
    update.mutate(
      { status: to, ...(text ? { remarks: text } : {}) },
      {
        onSuccess: () => {
          toast.success(t(`officer.decision.success_${to}`));
          setRemarks('');
        },
        onError: (error) =>
          toast.error(t('officer.decision.failed'), {
            description: error instanceof ApiError ? error.detail : undefined,
          }),
        onSettled: () => setMoving(undefined),
      },
    );
  };

  return (
    <Card title={t('officer.decision.title')} aria-label={t('officer.decision.title')}>
      <div className="space-y-4">
        <ErrorSummary errors={errors} focusKey={attempts} />
        <Field
          id={REMARKS_ID}
          label={t('officer.decision.remarks')}
          hint={t('officer.decision.remarksHint', SERVICE_REQUEST_REMARKS)}
          error={errors.find((error) => error.fieldId === REMARKS_ID)?.message}
        >
          <Textarea
            rows={4}
            maxLength={SERVICE_REQUEST_REMARKS.max}
            value={remarks}
            onChange={(event) => setRemarks(event.target.value)}
          />
        </Field>
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
              onClick={() => moveTo(to)}
            >
              {t(`officer.decision.${to}`)}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}
