/** Payments: the application's invoices and its payment history (read only for officers). */
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatRupees, type Invoice, type Payment } from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';

const INVOICE_TONES = { pending: 'blue', paid: 'green', overdue: 'red' } as const;

export function PaymentsTab({
  invoices,
  payments,
}: {
  invoices: QueryLike<Invoice[]>;
  payments: QueryLike<Payment[]>;
}) {
  const { t } = useTranslation('officer-applications');
  return (
    <div className="space-y-4">
      <Card title={t('payments.invoices')}>
        <QueryState query={invoices} empty={<EmptyState message={t('payments.invoicesEmpty')} />}>
          {(list) => (
            <DataTable
              caption={t('payments.invoices')}
              rows={list}
              rowKey={(invoice) => invoice.id}
              columns={[
                { key: 'number', header: t('payments.number'), cell: (invoice) => invoice.invoice_number },
                {
                  key: 'type',
                  header: t('payments.type'),
                  cell: (invoice) => t(`invoiceTypes.${invoice.invoice_type}`),
                },
                {
                  key: 'amount',
                  header: t('payments.amount'),
                  numeric: true,
                  cell: (invoice) => formatRupees(invoice.amount),
                },
                { key: 'due', header: t('payments.due'), cell: (invoice) => formatDate(invoice.due_date) },
                {
                  key: 'status',
                  header: t('payments.status'),
                  cell: (invoice) => <StatusBadge status={invoice.status} tone={INVOICE_TONES[invoice.status]} />,
                },
              ]}
            />
          )}
        </QueryState>
      </Card>
      <Card title={t('payments.payments')}>
        <QueryState query={payments} empty={<EmptyState message={t('payments.paymentsEmpty')} />}>
          {(list) => (
            <DataTable
              caption={t('payments.payments')}
              rows={list}
              rowKey={(payment) => payment.id}
              columns={[
                { key: 'receipt', header: t('payments.receipt'), cell: (payment) => payment.receipt_number },
                {
                  key: 'amount',
                  header: t('payments.amount'),
                  numeric: true,
                  cell: (payment) => formatRupees(payment.amount),
                },
                { key: 'date', header: t('payments.date'), cell: (payment) => formatDateTime(payment.payment_date) },
                {
                  key: 'method',
                  header: t('payments.method'),
                  cell: (payment) => t(`paymentMethods.${payment.payment_method}`),
                },
                { key: 'reference', header: t('payments.reference'), cell: (payment) => payment.transaction_reference },
                {
                  key: 'status',
                  header: t('payments.status'),
                  cell: (payment) => (
                    <StatusBadge status={payment.status} tone={payment.status === 'success' ? 'green' : 'red'} />
                  ),
                },
              ]}
            />
          )}
        </QueryState>
      </Card>
    </div>
  );
}
