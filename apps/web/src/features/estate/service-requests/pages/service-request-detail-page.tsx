/** One of the applicant's service requests: its status and what happens next (a transfer waiting on its transferee's
 * acceptance, a request in effect), the particulars it still needs with the form that gives them, what it says, the
 * officer's remarks, once approved with a fee the fee invoice with
 * Pay Now, and once in effect its order. */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatRupees, type Invoice, type ServiceRequest } from '@portal/contract';
import { buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ApiError } from '../../../../lib/api-client';
import { useServiceFeeInvoice, useServiceRequest } from '../api/service-requests';
import { FeeInvoiceCard } from '../components/fee-invoice-card';
import { PayInvoiceDialog } from '../../../money/components/payments/online-payment/pay-invoice-dialog';
import { ParticularsNeededCard } from '../components/particulars-needed-card';
import { RequestFacts } from '../components/request-facts';

const LIST_PATH = '/service-requests';
const applicationPath = (id: string) => `/applications/${id}`;

function nextStep(request: ServiceRequest, invoice: Invoice | null | undefined): string {
  if (request.took_effect_at) return 'detail.next.tookEffect';
  if (request.status === 'submitted' && request.particulars_needed?.length) return 'detail.next.particularsNeeded';
  const waitsOnTransferee =
    request.request_type === 'transfer' && !request.transferee_accepted_at && request.status !== 'rejected';
  if (waitsOnTransferee) return 'detail.next.awaitingTransferee';
  if (request.status !== 'approved') return `detail.next.${request.status}`;
  if (!request.invoice_id) return 'detail.next.approved';
  return invoice?.status === 'paid' ? 'detail.next.approvedPaid' : 'detail.next.approvedToPay';
}

export default function ServiceRequestDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('service-requests');
  const navigate = useNavigate();
  const request = useServiceRequest(id);
  const invoice = useServiceFeeInvoice(request.data);
  const [confirming, setConfirming] = useState<Invoice>();

  useEffect(() => {
    if (!request.isError) return;
    const missing = request.error instanceof ApiError && request.error.status === 404;
    toast.error(missing ? t('detail.notFound') : t('detail.loadFailed'), { id: 'service-request-load-failed' });
    void navigate(LIST_PATH, { replace: true });
  }, [request.isError, request.error, navigate, t]);

  if (!request.data) return <Spinner />;
  const current = request.data;

  return (
    <>
      <PageHeader
        title={t('detail.title', { number: current.request_number })}
        subtitle={t(`types.${current.request_type}`)}
        badge={<StatusBadge status={current.status} />}
        actions={
          <Link to={LIST_PATH} className={buttonClasses('secondary')}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
            {t('detail.back')}
          </Link>
        }
      />
      <div className="space-y-6">
        <Card>
          <p className="text-slate-800">
            {t(nextStep(current, invoice.data), {
              fee: formatRupees(current.fee_amount),
              date: current.took_effect_at ? formatDate(current.took_effect_at) : '',
              email: current.particulars?.transferee_email ?? '',
            })}
          </p>
        </Card>
        {current.status === 'submitted' && Boolean(current.particulars_needed?.length) && (
          <ParticularsNeededCard key={current.updated_at} request={current} />
        )}
        <RequestFacts request={current} applicationPath={applicationPath} />
        {current.invoice_id && <FeeInvoiceCard invoice={invoice} onPay={setConfirming} paying={false} />}
      </div>
      <PayInvoiceDialog
        invoice={confirming}
        onClose={() => setConfirming(undefined)}
        origin={{ route: 'serviceRequestDetail', id }}
      />
    </>
  );
}
