/** Payments: the application's invoices and the payments made. The applicant pays an unpaid invoice here (Pay Now)
 * and opens a payment's receipt; staff read both lists. */
import { can, formatDate, formatRupees, type Invoice, type Payment, type Refund, type Role } from '@portal/contract';
import { StatementLink } from '../../../money/components/account-statement/statement-link';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { EmptyState } from '../../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { useViewerText } from '../lib/viewer';
import { PaymentHistoryTable } from './payment-history-table';
import { INVOICE_TONES } from './status-tones';

export interface PaymentsTabProps {
  /** The viewer's role; Pay Now is offered to a role that may pay its invoices. */
  role: Role;
  invoices: QueryLike<Invoice[]>;
  payments: QueryLike<Payment[]>;
  /** The application's refunds (an EMD back after a rejection or withdrawal, a surrender's refund), if any. */
  refunds?: Refund[];
  /** The invoice being paid, if any (its button is busy, the others wait). */
  payingId?: string;
  onPay?: (invoice: Invoice) => void;
  /** Opens a successful payment's receipt (the applicant's receipts). */
  onViewReceipt?: (payment: Payment) => void;
  /** The application whose statement of account the invoices' card links to. */
  statementOf?: string;
}

function RefundsCard({ refunds, role }: { refunds: Refund[]; role: Role }) {
  const t = useViewerText(role);
  const columns: Column<Refund>[] = [
    { key: 'number', header: t('detail.refunds.number'), cell: (refund) => refund.refund_number },
    { key: 'kind', header: t('detail.refunds.kind'), cell: (refund) => t(`detail.refunds.kinds.${refund.kind}`) },
    {
      key: 'amount',
      header: t('detail.refunds.amount'),
      numeric: true,
      cell: (refund) => formatRupees(refund.amount),
    },
    {
      key: 'status',
      header: t('detail.refunds.status'),
      wrap: true,
      cell: (refund) => (
        <span>
          <span className="font-medium">{t(`detail.refunds.statuses.${refund.status}`)}</span>
          {refund.status === 'paid' && (
            <span className="block text-sm text-slate-700">
              {t('detail.refunds.paidWith', { date: formatDate(refund.paid_at), utr: refund.utr ?? '' })}
            </span>
          )}
        </span>
      ),
    },
  ];
  return (
    <Card title={t('detail.refunds.title')}>
      <DataTable
        caption={t('detail.refunds.caption')}
        columns={columns}
        rows={refunds}
        rowKey={(refund) => refund.id}
      />
    </Card>
  );
}

export function PaymentsTab({
  role,
  invoices,
  payments,
  refunds,
  payingId,
  onPay,
  onViewReceipt,
  statementOf,
}: PaymentsTabProps) {
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
        ) : invoice.status === 'cancelled' ? (
          <span className="text-sm text-slate-600">
            {t('detail.payments.cancelledOn', { date: formatDate(invoice.cancelled_at) })}
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
      <Card
        title={t('detail.payments.invoices')}
        action={statementOf ? <StatementLink kind="application" id={statementOf} size="md" /> : undefined}
      >
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
      {refunds && refunds.length > 0 && <RefundsCard refunds={refunds} role={role} />}
    </div>
  );
}
