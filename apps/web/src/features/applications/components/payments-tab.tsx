/** Payments: the application's invoices and the payments made. The applicant pays an unpaid invoice here (Pay Now)
 * and opens a payment's receipt; staff read both lists. */
import { can, formatDate, formatRupees, type Invoice, type Payment, type Role } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useViewerText } from '../lib/viewer';
import { PaymentHistoryTable } from './payment-history-table';
import { INVOICE_TONES } from './status-tones';

export interface PaymentsTabProps {
  /** The viewer's role; Pay Now is offered to a role that may pay its invoices. */
  role: Role;
  invoices: QueryLike<Invoice[]>;
  payments: QueryLike<Payment[]>;
  /** The invoice being paid, if any (its button is busy, the others wait). */
  payingId?: string;
  onPay?: (invoice: Invoice) => void;
  /** Opens a successful payment's receipt (the applicant's receipts). */
  onViewReceipt?: (payment: Payment) => void;
}

export function PaymentsTab({ role, invoices, payments, payingId, onPay, onViewReceipt }: PaymentsTabProps) {
  const t = useViewerText(role);
  const pay = can(role, 'pay:invoice:own') ? onPay : undefined;
  const invoiceNumbers = new Map((invoices.data ?? []).map((invoice) => [invoice.id, invoice.invoice_number]));
  const columns: Column<Invoice>[] = [
    { key: 'number', header: t('detail.payments.invoiceNumber'), cell: (invoice) => invoice.invoice_number },
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
  ];
  if (pay) {
    columns.push({
      key: 'action',
      header: t('detail.payments.action'),
      card: 'actions',
      cell: (invoice) =>
        invoice.status === 'paid' ? (
          <span className="text-sm text-slate-600">
            {t('detail.payments.paidOn', { date: formatDate(invoice.paid_at) })}
          </span>
        ) : (
          <Button
            size="sm"
            aria-label={t('detail.payments.payNowLabel', { number: invoice.invoice_number })}
            busy={payingId === invoice.id}
            busyText={t('detail.payments.paying')}
            disabled={payingId !== undefined}
            onClick={() => pay(invoice)}
          >
            {t('detail.payments.payNow')}
          </Button>
        ),
    });
  }
  return (
    <div className="space-y-4">
      <Card title={t('detail.payments.invoices')}>
        <QueryState query={invoices} empty={<EmptyState message={t('detail.payments.noInvoices')} />}>
          {(list) => (
            <DataTable
              caption={t('detail.payments.invoicesCaption')}
              rows={list}
              rowKey={(invoice) => invoice.id}
              columns={columns}
            />
          )}
        </QueryState>
      </Card>
      <Card title={t('detail.payments.history')}>
        <QueryState query={payments} empty={<EmptyState message={t('detail.payments.noPayments')} />}>
          {(list) => (
            <PaymentHistoryTable
              role={role}
              payments={list}
              invoiceNumbers={invoiceNumbers}
              onViewReceipt={onViewReceipt}
            />
          )}
        </QueryState>
      </Card>
    </div>
  );
}
