/** The payments made for an application; each successful one downloads its receipt as the issued PDF, and with
 * `onViewReceipt` also opens it for quick printing. */
import { Receipt } from 'lucide-react';
import { formatDateTime, formatRupees, type Payment, type Role } from '@portal/contract';
import { PdfDownloadButton } from '../../../documents/components/letters/pdf-download-button';
import { Button } from '../../../../components/ui/button';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useViewerText } from '../lib/viewer';
import { PAYMENT_TONES } from './status-tones';

export interface PaymentHistoryTableProps {
  role: Role;
  payments: Payment[];
  invoiceNumbers: Map<string, string>;
  onViewReceipt?: (payment: Payment) => void;
}

export function PaymentHistoryTable({ role, payments, invoiceNumbers, onViewReceipt }: PaymentHistoryTableProps) {
  const t = useViewerText(role);
  const columns: Column<Payment>[] = [
    { key: 'receipt', header: t('detail.payments.receiptNumber'), cell: (payment) => payment.receipt_number },
    {
      key: 'invoice',
      header: t('detail.payments.invoice'),
      cell: (payment) => invoiceNumbers.get(payment.invoice_id) ?? '—',
    },
    {
      key: 'amount',
      header: t('detail.payments.amount'),
      numeric: true,
      cell: (payment) => formatRupees(payment.amount),
    },
    {
      key: 'date',
      header: t('detail.payments.paymentDate'),
      wrap: true,
      cell: (payment) => formatDateTime(payment.payment_date),
    },
    {
      key: 'method',
      header: t('detail.payments.method'),
      cell: (payment) => t(`paymentMethods.${payment.payment_method}`),
    },
    {
      key: 'reference',
      header: t('detail.payments.reference'),
      wrap: true,
      cell: (payment) => <span className="break-all">{payment.transaction_reference}</span>,
    },
    {
      key: 'status',
      header: t('detail.payments.status'),
      cell: (payment) => <StatusBadge status={payment.status} tone={PAYMENT_TONES[payment.status]} />,
    },
  ];
  columns.push({
    key: 'receiptAction',
    header: t('detail.payments.action'),
    card: 'actions',
    cell: (payment) =>
      payment.status === 'success' ? (
        <div className="flex flex-wrap gap-2">
          {onViewReceipt && (
            <Button
              size="sm"
              variant="secondary"
              icon={<Receipt aria-hidden="true" className="h-4 w-4" />}
              aria-label={t('detail.payments.viewReceiptLabel', { receipt: payment.receipt_number })}
              onClick={() => onViewReceipt(payment)}
            >
              {t('detail.payments.viewReceipt')}
            </Button>
          )}
          <PdfDownloadButton size="sm" document="receipt" id={payment.id} number={payment.receipt_number} />
        </div>
      ) : null,
  });
  return (
    <DataTable
      caption={t('detail.payments.historyCaption')}
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={columns}
    />
  );
}
