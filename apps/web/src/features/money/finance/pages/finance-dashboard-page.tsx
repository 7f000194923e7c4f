/** The finance dashboard: invoice and payment totals from the stats call (each card opens the invoices it counts),
 * the invoice table searched, filtered and paged by the server with its state in the URL, and the ten latest
 * payments (one page), and the reports (collections, receivables ageing, what waits on finance) with their charts and
 * table alternatives. Nothing here reads a whole collection.
 *
 * Nothing moves as the calls answer: the totals show their five cards with grey bars in place of the figures, the
 * invoice table a few grey rows, and the recent payments, whose place depends on how many invoices come back, are
 * drawn only once the invoices have come, a screen's height of room keeping the footer out of sight until then. */
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote, CircleCheck, Clock, FileText } from 'lucide-react';
import { formatRupees, INVOICE_LIST, type OfficerStats } from '@portal/contract';
import { ListToolbar } from '../../../../components/list-toolbar';
import { PagedList } from '../../../../components/paged-list';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { StatCard } from '../../../../components/ui/stat-card';
import { useInvoicePage } from '../../../../api/invoices';
import { useFinanceStats, useRecentPayments } from '../api/finance';
import { InvoiceTable, InvoiceTablePlaceholder } from '../components/invoice-table';
import { LoadingLabel, Placeholder } from '../../../../components/ui/placeholder';
import { RecentPayments, RecentPaymentsPlaceholder } from '../components/recent-payments';
import { StatLink } from '../components/stat-link';
import { useListParams } from '../../../../lib/use-list-params';
import { INVOICE_STATUS_FILTER } from '../lib/filter-invoices';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { WhenNearView } from '../../../../components/ui/when-near-view';

/** The reports and their charts come in their own chunk, with the chart library, when their place nears the screen. */
const FinanceReports = lazy(() => import('../components/finance-reports'));

/** The five totals; without `stats` (still loading) the same cards with grey bars for the figures. The overdue card
 * is always there, so the cards take the same room whatever the answer. */
function FinanceCards({ stats }: { stats?: OfficerStats }) {
  const { t } = useTranslation('finance');
  const count = (value: number | undefined) => (stats ? value : <Placeholder />);
  const sum = (amount: number | undefined) => (stats ? formatRupees(amount) : <Placeholder className="w-32" />);
  const overdue = stats?.overdue_invoices ?? 0;
  return (
    <section
      aria-label={t('cards.label')}
      aria-busy={stats ? undefined : true}
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      {!stats && <LoadingLabel />}
      <StatLink to="/finance">
        <StatCard
          label={t('cards.total')}
          value={count(stats?.total_invoices)}
          note={sum(stats?.total_invoices_amount)}
          icon={<FileText />}
        />
      </StatLink>
      <StatLink to="/finance?status=pending">
        <StatCard
          label={t('cards.pending')}
          value={count(stats?.pending_invoices)}
          note={sum(stats?.pending_invoices_amount)}
          icon={<Clock />}
        />
      </StatLink>
      <StatLink to="/finance?status=paid">
        <StatCard
          label={t('cards.paid')}
          value={count(stats?.paid_invoices)}
          note={sum(stats?.paid_invoices_amount)}
          icon={<CircleCheck />}
        />
      </StatLink>
      <StatCard
        label={t('cards.payments')}
        value={count(stats?.total_payments)}
        note={sum(stats?.total_payments_amount)}
        icon={<Banknote />}
      />
      <StatLink to="/finance?status=overdue">
        <StatCard
          label={t('cards.overdueTitle')}
          value={count(stats?.overdue_invoices)}
          note={
            !stats ? (
              <Placeholder className="w-24" />
            ) : overdue > 0 ? (
              <span className="font-medium text-red-800">{t('cards.overdue', { count: overdue })}</span>
            ) : (
              t('cards.overdue', { count: overdue })
            )
          }
          icon={<Clock />}
        />
      </StatLink>
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
      {/* The same cards while loading and loaded, so they are filled in rather than drawn again. */}
      {stats.isError ? (
        <QueryState query={stats} errorMessage={t('loadFailed')}>
          {(data) => <FinanceCards stats={data} />}
        </QueryState>
      ) : (
        <FinanceCards stats={stats.data} />
      )}

      <WhenNearView placeholderClassName="min-h-96">
        <Suspense fallback={<div aria-hidden="true" className="min-h-96" />}>
          <FinanceReports />
        </Suspense>
      </WhenNearView>

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
        {invoices.isPending ? (
          <InvoiceTablePlaceholder />
        ) : (
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
        )}
      </Card>

      {invoices.isPending ? (
        <div aria-hidden="true" className="min-h-screen" />
      ) : (
        <Card title={t('payments.title')}>
          {payments.isPending ? (
            <RecentPaymentsPlaceholder />
          ) : (
            <QueryState query={payments} errorMessage={t('loadFailed')}>
              {(page) => <RecentPayments payments={page.items} />}
            </QueryState>
          )}
        </Card>
      )}
    </>
  );
}
