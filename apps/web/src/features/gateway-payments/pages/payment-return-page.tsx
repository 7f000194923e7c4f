/** Back from the bank (decision 016): the gateway's redirect lands here with our order's id. The page believes only
 * the server, which marks the invoice paid from the bank's verified answer (the signed redirect, the webhook or the
 * re-query), so it checks the order until it is settled, saying so as it waits. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { formatRupees, type GatewayOrder } from '@portal/contract';
import { useGatewayOrder } from '../../../api/gateway-payments';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorDetail } from '../../../lib/api-client';

/** How long the page keeps checking before it says the bank's answer will come later. */
export const RETURN_WAIT_MS = 3 * 60_000;

export default function PaymentReturnPage() {
  const { orderId = '' } = useParams();
  const { t } = useTranslation('gateway-payments');
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedOut(true), RETURN_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const order = useGatewayOrder(
    orderId,
    (current) => !waitedOut && (current === undefined || current.status === 'created'),
  );
  const current = order.data;
  const applicationLink = current ? (
    <Link to={`/applications/${current.application_id}`} className={buttonClasses('secondary')}>
      {t('toApplication')}
    </Link>
  ) : null;

  return (
    <>
      <PageHeader title={t('title')} />
      <Card>
        {/* The outcome is announced politely as it changes: the payer may be looking elsewhere while the bank answers. */}
        <div aria-live="polite" className="space-y-4">
          {order.isError ? (
            <p role="alert" className="text-red-800">
              {errorDetail(order.error, t('loadFailed'))}
            </p>
          ) : !current ? (
            <Spinner label={t('loading')} />
          ) : (
            <Outcome order={current} waitedOut={waitedOut} />
          )}
        </div>
        {applicationLink && <div className="mt-6 flex flex-wrap gap-3">{applicationLink}</div>}
      </Card>
    </>
  );
}

function Outcome({ order, waitedOut }: { order: GatewayOrder; waitedOut: boolean }) {
  const { t } = useTranslation('gateway-payments');
  const amount = formatRupees(order.amount);
  const number = order.invoice_number;
  switch (order.status) {
    case 'paid':
      return (
        <p className="flex items-start gap-3 text-lg text-green-900">
          <CheckCircle2 aria-hidden="true" className="mt-1 h-6 w-6 shrink-0" />
          <span>{t('paid', { amount, number })}</span>
        </p>
      );
    case 'failed':
      return (
        <p className="flex items-start gap-3 text-lg text-red-800">
          <XCircle aria-hidden="true" className="mt-1 h-6 w-6 shrink-0" />
          <span>{t('failed', { amount, number })}</span>
        </p>
      );
    case 'mismatch':
      return (
        <p className="flex items-start gap-3 text-lg text-amber-900">
          <Clock aria-hidden="true" className="mt-1 h-6 w-6 shrink-0" />
          <span>{t('mismatch', { number })}</span>
        </p>
      );
    default:
      return waitedOut ? (
        <p className="flex items-start gap-3 text-lg text-slate-900">
          <Clock aria-hidden="true" className="mt-1 h-6 w-6 shrink-0" />
          <span>{t('later', { amount, number })}</span>
        </p>
      ) : (
        <div className="space-y-2">
          <Spinner label={t('confirming')} align="start" />
          <p className="text-slate-700">{t('confirmingDetail', { amount, number })}</p>
        </div>
      );
  }
}
