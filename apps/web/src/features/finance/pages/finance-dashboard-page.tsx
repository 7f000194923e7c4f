/** The finance dashboard: invoice and payment totals, the searchable invoice table, and the ten latest payments. */
import { useTranslation } from 'react-i18next';
import { Banknote, CircleCheck, Clock, FileText } from 'lucide-react';
import { formatRupees, type Invoice, type OfficerStats } from '@portal/contract';
import { ListToolbar } from '../../../components/list-toolbar';
import { FilteredListResults } from '../../../components/filtered-list-results';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { useAllInvoices } from '../../../api/invoices';
import { useAllPayments } from '../../../api/payments';
import { useFinanceStats } from '../api/finance';
import { InvoiceTable } from '../components/invoice-table';
import { RecentPayments } from '../components/recent-payments';
import { useListFilter } from '../../../lib/use-list-filter';
import { INVOICE_STATUS_FILTER, type InvoiceStatusFilter } from '../lib/filter-invoices';
import { useFailureToast } from '../../../lib/use-failure-toast';

const invoiceNumber = (invoice: Invoice) => invoice.invoice_number;

function FinanceCards({ stats }: { stats: OfficerStats }) {
  const { t } = useTranslation('finance');
  return (
    <section aria-label={t('cards.label')} className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label={t('cards.total')}
        value={stats.total_invoices}
        note={formatRupees(stats.total_invoices_amount)}
        icon={<FileText />}
      />
      <StatCard
        label={t('cards.pending')}
        value={stats.pending_invoices}
        note={
          <>
            {formatRupees(stats.pending_invoices_amount)}
            {stats.overdue_invoices > 0 && (
              <span className="ml-2 font-medium text-red-800">
                {t('cards.overdue', { count: stats.overdue_invoices })}
              </span>
            )}
          </>
        }
        icon={<Clock />}
      />
      <StatCard
        label={t('cards.paid')}
        value={stats.paid_invoices}
        note={formatRupees(stats.paid_invoices_amount)}
        icon={<CircleCheck />}
      />
      <StatCard
        label={t('cards.payments')}
        value={stats.total_payments}
        note={formatRupees(stats.total_payments_amount)}
        icon={<Banknote />}
      />
    </section>
  );
}

export default function FinanceDashboardPage() {
  const { t } = useTranslation('finance');
  const stats = useFinanceStats();
  const invoices = useAllInvoices();
  const payments = useAllPayments();
  const filter = useListFilter<Invoice, InvoiceStatusFilter>(invoices.data, invoiceNumber);

  const failed = stats.isError || invoices.isError || payments.isError;
  useFailureToast(failed, t('loadFailed'), 'finance-load-failed');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={stats} errorMessage={t('loadFailed')}>
        {(data) => <FinanceCards stats={data} />}
      </QueryState>

      <Card title={t('invoices.title')} className="mb-6">
        <ListToolbar
          searchId="invoice-search"
          statusId="invoice-status"
          searchLabel={t('invoices.search')}
          searchPlaceholder={t('invoices.searchPlaceholder')}
          statusLabel={t('invoices.statusFilter')}
          search={filter.search}
          onSearchChange={filter.setSearch}
          status={filter.status}
          onStatusChange={filter.setStatus}
          statusOptions={INVOICE_STATUS_FILTER.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        />
        <QueryState query={invoices} errorMessage={t('loadFailed')} empty={<EmptyState message={t('invoices.none')} />}>
          {() => (
            <FilteredListResults
              count={filter.visible.length}
              countText={t('invoices.count', { count: filter.visible.length })}
              emptyMessage={t('invoices.empty')}
              onClearFilters={filter.filtered ? filter.clear : undefined}
              clearFiltersLabel={t('invoices.clearFilters')}
            >
              <InvoiceTable invoices={filter.visible} />
            </FilteredListResults>
          )}
        </QueryState>
      </Card>

      <Card title={t('payments.title')}>
        <QueryState query={payments} errorMessage={t('loadFailed')}>
          {(data) => <RecentPayments payments={data} />}
        </QueryState>
      </Card>
    </>
  );
}
