/** The finance dashboard: invoice and payment totals from the stats call (each card opens the invoices it counts),
 * the invoice table searched, filtered and paged by the server with its state in the URL, and the ten latest
 * payments (one page). Nothing here reads a whole collection. */
import { useTranslation } from 'react-i18next';
import { Banknote, CircleCheck, Clock, FileText } from 'lucide-react';
import { formatRupees, INVOICE_LIST, type OfficerStats } from '@portal/contract';
import { ListToolbar } from '../../../components/list-toolbar';
import { PagedList } from '../../../components/paged-list';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { useInvoicePage } from '../../../api/invoices';
import { useFinanceStats, useRecentPayments } from '../api/finance';
import { InvoiceTable } from '../components/invoice-table';
import { RecentPayments } from '../components/recent-payments';
import { StatLink } from '../components/stat-link';
import { useListParams } from '../../../lib/use-list-params';
import { INVOICE_STATUS_FILTER } from '../lib/filter-invoices';
import { useFailureToast } from '../../../lib/use-failure-toast';

function FinanceCards({ stats }: { stats: OfficerStats }) {
  const { t } = useTranslation('finance');
  return (
    <section aria-label={t('cards.label')} className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatLink to="/finance">
        <StatCard
          label={t('cards.total')}
          value={stats.total_invoices}
          note={formatRupees(stats.total_invoices_amount)}
          icon={<FileText />}
        />
      </StatLink>
      <StatLink to="/finance?status=pending">
        <StatCard
          label={t('cards.pending')}
          value={stats.pending_invoices}
          note={formatRupees(stats.pending_invoices_amount)}
          icon={<Clock />}
        />
      </StatLink>
      <StatLink to="/finance?status=paid">
        <StatCard
          label={t('cards.paid')}
          value={stats.paid_invoices}
          note={formatRupees(stats.paid_invoices_amount)}
          icon={<CircleCheck />}
        />
      </StatLink>
      <StatCard
        label={t('cards.payments')}
        value={stats.total_payments}
        note={formatRupees(stats.total_payments_amount)}
        icon={<Banknote />}
      />
      {stats.overdue_invoices > 0 && (
        <StatLink to="/finance?status=overdue">
          <StatCard
            label={t('cards.overdueTitle')}
            value={stats.overdue_invoices}
            note={
              <span className="font-medium text-red-800">{t('cards.overdue', { count: stats.overdue_invoices })}</span>
            }
            icon={<Clock />}
          />
        </StatLink>
      )}
    </section>
  );
}

export default function FinanceDashboardPage() {
  const { t } = useTranslation('finance');
  const stats = useFinanceStats();
  const list = useListParams(INVOICE_LIST);
  const invoices = useInvoicePage(list.query);
  const payments = useRecentPayments();

  const failed = stats.isError || invoices.isError || payments.isError;
  useFailureToast(failed, t('loadFailed'), 'finance-load-failed');

  const status = list.choice('status', INVOICE_STATUS_FILTER);

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
          search={list.searchText}
          onSearchChange={list.setSearchText}
          status={status}
          onStatusChange={(value) => list.setChoice('status', value)}
          statusOptions={INVOICE_STATUS_FILTER.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        />
        <PagedList
          query={invoices}
          list={list}
          errorMessage={t('loadFailed')}
          emptyMessage={list.isFiltered ? t('invoices.empty') : t('invoices.none')}
          clearFiltersLabel={t('invoices.clearFilters')}
          pagerLabel={t('invoices.pages')}
        >
          {(items) => <InvoiceTable invoices={items} />}
        </PagedList>
      </Card>

      <Card title={t('payments.title')}>
        <QueryState query={payments} errorMessage={t('loadFailed')}>
          {(page) => <RecentPayments payments={page.items} />}
        </QueryState>
      </Card>
    </>
  );
}
