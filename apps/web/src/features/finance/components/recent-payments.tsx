/** The ten most recent payments (one page of the payments list, newest first). */
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRupees, type Payment } from '@portal/contract';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PAYMENT_TONES } from './invoice-tones';

export function RecentPayments({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('finance');
  if (payments.length === 0) return <EmptyState message={t('payments.empty')} />;
  const columns: Column<Payment>[] = [
    { key: 'receipt', header: t('payments.receipt'), cell: (payment) => payment.receipt_number },
    { key: 'amount', header: t('payments.amount'), numeric: true, cell: (payment) => formatRupees(payment.amount) },
    { key: 'date', header: t('payments.date'), cell: (payment) => formatDateTime(payment.payment_date) },
    { key: 'method', header: t('payments.method'), cell: (payment) => t(`paymentMethods.${payment.payment_method}`) },
    { key: 'reference', header: t('payments.reference'), cell: (payment) => payment.transaction_reference },
    {
      key: 'status',
      header: t('payments.status'),
      cell: (payment) => <StatusBadge status={payment.status} tone={PAYMENT_TONES[payment.status]} />,
    },
  ];
  return (
    <DataTable caption={t('payments.caption')} columns={columns} rows={payments} rowKey={(payment) => payment.id} />
  );
}
