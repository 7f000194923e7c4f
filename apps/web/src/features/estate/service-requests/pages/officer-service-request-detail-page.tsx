/** One service request for staff: its status and what it waits on, what it says, the fee invoice once approved, and
 * for officers who work requests the moves the lifecycle allows now. */
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { canWorkServiceRequests, formatDate } from '@portal/contract';
import { buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ApiError } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { useServiceFeeInvoice, useServiceRequest } from '../api/service-requests';
import { DecisionPanel } from '../components/decision-panel';
import { FeeInvoiceCard } from '../components/fee-invoice-card';
import { RequestFacts } from '../components/request-facts';

const QUEUE_PATH = '/officer/service-requests';
const applicationPath = (id: string) => `/officer/applications/${id}`;

export default function OfficerServiceRequestDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('service-requests');
  const { t: formT } = useTranslation('service-request-form');
  const navigate = useNavigate();
  const { user } = useAuth();
  const request = useServiceRequest(id);
  const invoice = useServiceFeeInvoice(request.data);

  useEffect(() => {
    if (!request.isError) return;
    const missing = request.error instanceof ApiError && request.error.status === 404;
    toast.error(missing ? t('detail.notFound') : t('detail.loadFailed'), { id: 'service-request-load-failed' });
    void navigate(QUEUE_PATH, { replace: true });
  }, [request.isError, request.error, navigate, t]);

  if (!request.data || !user) return <Spinner />;
  const current = request.data;

  return (
    <>
      <PageHeader
        title={t('officer.detailTitle', { number: current.request_number })}
        subtitle={t(`types.${current.request_type}`)}
        badge={<StatusBadge status={current.status} />}
        actions={
          <Link to={QUEUE_PATH} className={buttonClasses('secondary')}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('officer.back')}
          </Link>
        }
      />
      <div className="space-y-6">
        <Card>
          <p className="text-slate-800">
            {current.took_effect_at
              ? t('officer.next.tookEffect', { date: formatDate(current.took_effect_at) })
              : current.status === 'submitted' && current.particulars_needed?.length
                ? t('officer.next.particularsNeeded', {
                    fields: current.particulars_needed.map((field) => formT(`fields.${field}.label`)).join(', '),
                  })
                : current.request_type === 'transfer' &&
                    !current.transferee_accepted_at &&
                    current.status !== 'rejected'
                  ? t('officer.next.awaitingTransferee', { email: current.particulars?.transferee_email ?? '' })
                  : t(`officer.next.${current.status}`)}
          </p>
        </Card>
        {canWorkServiceRequests(user.role) && <DecisionPanel request={current} />}
        <RequestFacts request={current} applicationPath={applicationPath} />
        {current.invoice_id && <FeeInvoiceCard invoice={invoice} />}
      </div>
    </>
  );
}
