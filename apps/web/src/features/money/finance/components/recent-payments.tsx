/** The ten most recent payments (one page of the payments list, newest first). */
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRupees, RECENT_PAYMENTS_ON_FINANCE_DASHBOARD, type Payment } from '@portal/contract';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { PAYMENT_TONES } from './invoice-tones';
import { LoadingLabel, Placeholder } from '../../../../components/ui/placeholder';

function useColumns(): Column<Payment>[] {
  const { t } = useTranslation('finance');
  return [
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
}

export function RecentPayments({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation('finance');
  const columns = useColumns();
  if (payments.length === 0) return <EmptyState message={t('payments.empty')} />;
  return (
    <DataTable caption={t('payments.caption')} columns={columns} rows={payments} rowKey={(payment) => payment.id} />
  );
}

const PLACEHOLDER_ROWS = Array.from({ length: RECENT_PAYMENTS_ON_FINANCE_DASHBOARD }, (_, index) => index);

/** The table's headings (a phone's card labels) over one grey row for each payment to come. */
export function RecentPaymentsPlaceholder() {
  const { t } = useTranslation('finance');
  const columns: Column<number>[] = useColumns().map(({ key, header, numeric }) => ({
    key,
    header,
    numeric,
    cell: () => <Placeholder className="w-24" />,
  }));
  return (
    <div aria-busy="true">
      <LoadingLabel />
      <DataTable caption={t('payments.caption')} columns={columns} rows={PLACEHOLDER_ROWS} rowKey={String} />
    </div>
  );
}
