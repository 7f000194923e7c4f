/** The invoice table: each row (and its invoice number link) opens the officer application detail; a finance
 * officer may propose cancelling an unpaid invoice from its row (decision 023). */
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can, formatDate, formatRupees, isInvoiceOwed, type Invoice } from '@portal/contract';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { INVOICE_TONES } from './invoice-tones';
import { LoadingLabel, Placeholder } from '../../../../components/ui/placeholder';
import { useAuth } from '../../../../lib/auth';
import { CancelInvoiceDialog } from './cancel-invoice-dialog';

const applicationPath = (invoice: Invoice) => `/officer/applications/${invoice.application_id}`;

/** Rows drawn with the page itself; the rest of a page (up to 50, far below the fold) follows in a render React may
 * interrupt, so the first screen does not wait on them. */
const FIRST_ROWS = 10;

/** Grey rows while the first page loads. */
const PLACEHOLDER_ROWS = [0, 1, 2, 3, 4];

function useColumns(): Column<Invoice>[] {
  const { t } = useTranslation('finance');
  const { user } = useAuth();
  const mayPropose = user ? can(user.role, 'prepare:finance-action') : false;
  const columns: Column<Invoice>[] = [
    {
      key: 'number',
      header: t('invoices.number'),
      cell: (invoice) => (
        <Link
          to={applicationPath(invoice)}
          onClick={(event) => event.stopPropagation()}
          aria-label={t('invoices.openApplication', { number: invoice.invoice_number })}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {invoice.invoice_number}
        </Link>
      ),
    },
    { key: 'type', header: t('invoices.type'), cell: (invoice) => t(`invoiceTypes.${invoice.invoice_type}`) },
    { key: 'amount', header: t('invoices.amount'), numeric: true, cell: (invoice) => formatRupees(invoice.amount) },
    { key: 'due', header: t('invoices.dueDate'), cell: (invoice) => formatDate(invoice.due_date) },
    {
      key: 'status',
      header: t('invoices.status'),
      cell: (invoice) => <StatusBadge status={invoice.status} tone={INVOICE_TONES[invoice.status]} />,
    },
    { key: 'generated', header: t('invoices.generated'), cell: (invoice) => formatDate(invoice.generated_at) },
  ];
  if (!mayPropose) return columns;
  return [
    ...columns,
    {
      key: 'actions',
      header: t('invoices.actions'),
      card: 'actions',
      cell: (invoice) => (isInvoiceOwed(invoice.status) ? <CancelInvoiceDialog invoice={invoice} /> : null),
    },
  ];
}

export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation('finance');
  const navigate = useNavigate();
  const columns = useColumns();
  const rows = useDeferredValue(invoices, invoices.length > FIRST_ROWS ? invoices.slice(0, FIRST_ROWS) : invoices);
  return (
    <DataTable
      caption={t('invoices.caption')}
      columns={columns}
      rows={rows}
      rowKey={(invoice) => invoice.id}
      onRowClick={(invoice) => void navigate(applicationPath(invoice))}
    />
  );
}

/** The table's headings (a phone's card labels) over grey rows. */
export function InvoiceTablePlaceholder() {
  const { t } = useTranslation('finance');
  const columns: Column<number>[] = useColumns().map(({ key, header, numeric }) => ({
    key,
    header,
    numeric,
    cell: () => <Placeholder className={key === 'type' ? 'w-40' : 'w-24'} />,
  }));
  return (
    <div aria-busy="true">
      <LoadingLabel />
      <DataTable caption={t('invoices.caption')} columns={columns} rows={PLACEHOLDER_ROWS} rowKey={String} />
    </div>
  );
}
