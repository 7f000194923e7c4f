/** The invoice table: each row (and its invoice number link) opens the officer application detail. */
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate, formatRupees, type Invoice } from '@portal/contract';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { INVOICE_TONES } from './invoice-tones';

const applicationPath = (invoice: Invoice) => `/officer/applications/${invoice.application_id}`;

export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation('finance');
  const navigate = useNavigate();
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
  return (
    <DataTable
      caption={t('invoices.caption')}
      columns={columns}
      rows={invoices}
      rowKey={(invoice) => invoice.id}
      onRowClick={(invoice) => void navigate(applicationPath(invoice))}
    />
  );
}
