/** Payments: the application's invoices with Pay Now while unpaid, and the payments made with their receipts. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupees, type Invoice, type Payment } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PaymentHistoryTable } from './payment-history-table';
import { INVOICE_TONES } from './status-tones';

export function PaymentsTab({
  invoices,
  payments,
  payingId,
  onPay,
  onViewReceipt,
}: {
  invoices: QueryLike<Invoice[]>;
  payments: QueryLike<Payment[]>;
  payingId: string | undefined;
  onPay: (invoice: Invoice) => void;
  onViewReceipt: (payment: Payment) => void;
}) {
  const { t } = useTranslation('applications');
  const invoiceNumbers = new Map((invoices.data ?? []).map((invoice) => [invoice.id, invoice.invoice_number]));
  return (
    <div className="space-y-6">
      <section aria-labelledby="invoices-heading" className="space-y-3">
        <h2 id="invoices-heading" className="text-lg font-semibold text-slate-900">
          {t('detail.payments.invoices')}
        </h2>
        <QueryState
          query={invoices}
          empty={
            <Card>
              <p className="text-slate-700">{t('detail.payments.noInvoices')}</p>
            </Card>
          }
        >
          {(list) => (
            <DataTable
              caption={t('detail.payments.invoicesCaption')}
              rows={list}
              rowKey={(invoice) => invoice.id}
              columns={[
                {
                  key: 'number',
                  header: t('detail.payments.invoiceNumber'),
                  cell: (invoice) => invoice.invoice_number,
                },
                {
                  key: 'type',
                  header: t('detail.payments.invoiceType'),
                  cell: (invoice) => t(`invoiceTypes.${invoice.invoice_type}`),
                },
                {
                  key: 'amount',
                  header: t('detail.payments.amount'),
                  numeric: true,
                  cell: (invoice) => formatRupees(invoice.amount),
                },
                { key: 'due', header: t('detail.payments.dueDate'), cell: (invoice) => formatDate(invoice.due_date) },
                {
                  key: 'status',
                  header: t('detail.payments.status'),
                  cell: (invoice) => <StatusBadge status={invoice.status} tone={INVOICE_TONES[invoice.status]} />,
                },
                {
                  key: 'action',
                  header: t('detail.payments.action'),
                  cell: (invoice) =>
                    invoice.status === 'paid' ? (
                      <span className="text-sm text-slate-600">{formatDate(invoice.paid_at)}</span>
                    ) : (
                      <Button
                        size="sm"
                        aria-label={t('detail.payments.payNowLabel', { number: invoice.invoice_number })}
                        busy={payingId === invoice.id}
                        busyText={t('detail.payments.paying')}
                        disabled={payingId !== undefined}
                        onClick={() => onPay(invoice)}
                      >
                        {t('detail.payments.payNow')}
                      </Button>
                    ),
                },
              ]}
            />
          )}
        </QueryState>
      </section>
      <section aria-labelledby="payments-heading" className="space-y-3">
        <h2 id="payments-heading" className="text-lg font-semibold text-slate-900">
          {t('detail.payments.history')}
        </h2>
        <QueryState
          query={payments}
          empty={
            <Card>
              <p className="text-slate-700">{t('detail.payments.noPayments')}</p>
            </Card>
          }
        >
          {(list) => (
            <PaymentHistoryTable payments={list} invoiceNumbers={invoiceNumbers} onViewReceipt={onViewReceipt} />
          )}
        </QueryState>
      </section>
    </div>
  );
}
