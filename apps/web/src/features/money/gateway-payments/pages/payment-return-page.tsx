/** Back from the bank (decisions 016 and 019): the gateway's redirect lands here with our order's id, where the
 * payment started (`from`, a route's name) and what the browser said (`said=failed`). The page believes only the
 * server, which settles the order from the gateway's signed word (the signed redirect, the webhook or its status
 * query), so it checks the order until it is settled, saying "confirming with the bank" as it waits, even when the
 * bank's page said the payment failed; then it offers the way back to where the payment started. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import {
  formatRupees,
  PAYMENT_RETURN_QUERY,
  paymentOriginFrom,
  paymentOriginPath,
  ROUTES,
  type GatewayOrder,
} from '@portal/contract';
import { useGatewayOrder } from '../../../../api/gateway-payments';
import { buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { errorDetail } from '../../../../lib/api-client';

/** How long the page keeps checking before it says the bank's answer will come later. */
export const RETURN_WAIT_MS = 3 * 60_000;

export default function PaymentReturnPage() {
  const { orderId = '' } = useParams();
  const [query] = useSearchParams();
  const saidFailed = query.get(PAYMENT_RETURN_QUERY.said) === 'failed';
  const origin = paymentOriginFrom(query);
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
  // Back where the payment started (a known route, never an address from the query), and to the application too
  // when that is elsewhere: its Payments tab holds the receipt.
  const applicationPath = current ? ROUTES.applicationDetail.path.replace(':id', current.application_id) : null;
  const originPath = origin ? paymentOriginPath(origin) : null;
  const links = [
    ...(origin && originPath ? [{ to: originPath, label: t(`back.${origin.route}`) }] : []),
    ...(applicationPath && applicationPath !== originPath ? [{ to: applicationPath, label: t('toApplication') }] : []),
  ];

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
            <Outcome order={current} waitedOut={waitedOut} saidFailed={saidFailed} />
          )}
        </div>
        {links.length > 0 && (
          <div className="mt-6 flex flex-wrap gap-3">
            {links.map((link, index) => (
              <Link key={link.to} to={link.to} className={buttonClasses(index === 0 ? 'primary' : 'secondary')}>
                {link.label}
              </Link>
            ))}
          </div>
        )}
      </Card>
    </>
  );
}

function Outcome({ order, waitedOut, saidFailed }: { order: GatewayOrder; waitedOut: boolean; saidFailed: boolean }) {
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
          {/* The bank's page said it failed, but only the bank's signed word is believed: the money may have gone. */}
          <p className="text-slate-700">
            {t(saidFailed ? 'confirmingSaidFailed' : 'confirmingDetail', { amount, number })}
          </p>
        </div>
      );
  }
}
