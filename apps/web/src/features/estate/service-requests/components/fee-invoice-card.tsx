/** The fee invoice of an approved request: number, amount, due date and status, and for the applicant Pay Now while
 * it is unpaid. */
import { useTranslation } from 'react-i18next';
import { CreditCard } from 'lucide-react';
import { formatDate, formatRupees, isInvoiceOwed, type Invoice, type InvoiceStatus } from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { StatusBadge, type StatusBadgeTone } from '../../../../components/ui/status-badge';

const INVOICE_TONES: Record<InvoiceStatus, StatusBadgeTone> = {
  pending: 'amber',
  paid: 'green',
  overdue: 'red',
  cancelled: 'grey',
};

export interface FeeInvoiceCardProps {
  invoice: QueryLike<Invoice | null>;
  /** Offered while the invoice is unpaid (the applicant only). */
  onPay?: (invoice: Invoice) => void;
  paying?: boolean;
}

export function FeeInvoiceCard({ invoice, onPay, paying = false }: FeeInvoiceCardProps) {
  const { t } = useTranslation('service-requests');
  return (
    <Card title={t('invoice.title')} aria-label={t('invoice.title')}>
      <QueryState query={invoice} errorMessage={t('invoice.loadFailed')}>
        {(found) =>
          found ? (
            <div className="space-y-4">
              <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
                <div>
                  <dt className="text-sm text-slate-600">{t('invoice.number')}</dt>
                  <dd className="font-medium text-slate-900">{found.invoice_number}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{t('invoice.status')}</dt>
                  <dd>
                    <StatusBadge status={found.status} tone={INVOICE_TONES[found.status]} />
                  </dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">{t('invoice.amount')}</dt>
                  <dd className="font-medium text-slate-900 tabular-nums">{formatRupees(found.amount)}</dd>
                </div>
                <div>
                  <dt className="text-sm text-slate-600">
                    {found.paid_at ? t('invoice.paidOn') : t('invoice.dueDate')}
                  </dt>
                  <dd className="font-medium text-slate-900">{formatDate(found.paid_at ?? found.due_date)}</dd>
                </div>
              </dl>
              {onPay && isInvoiceOwed(found.status) && (
                <Button
                  icon={<CreditCard aria-hidden="true" className="h-4 w-4" />}
                  busy={paying}
                  busyText={t('invoice.paying')}
                  onClick={() => onPay(found)}
                >
                  {t('invoice.pay')}
                </Button>
              )}
            </div>
          ) : (
            <p className="text-slate-600">{t('invoice.loadFailed')}</p>
          )
        }
      </QueryState>
    </Card>
  );
}
