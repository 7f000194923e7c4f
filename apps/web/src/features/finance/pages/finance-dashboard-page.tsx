/** The finance dashboard: invoice and payment totals, the searchable invoice table, and the ten latest payments. */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banknote, CircleCheck, Clock, FileText, Search } from 'lucide-react';
import { toast } from 'sonner';
import { formatRupees, type OfficerStats } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { useAllInvoices, useAllPayments, useFinanceStats } from '../api/finance';
import { InvoiceTable } from '../components/invoice-table';
import { RecentPayments } from '../components/recent-payments';
import { filterInvoices, INVOICE_STATUS_FILTER, type InvoiceStatusFilter } from '../lib/filter-invoices';

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
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<InvoiceStatusFilter>('all');

  const failed = stats.isError || invoices.isError || payments.isError;
  useEffect(() => {
    if (failed) toast.error(t('loadFailed'), { id: 'finance-load-failed' });
  }, [failed, t]);

  const visible = useMemo(() => filterInvoices(invoices.data ?? [], search, status), [invoices.data, search, status]);
  const filtered = search.trim() !== '' || status !== 'all';

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <QueryState query={stats} errorMessage={t('loadFailed')}>
        {(data) => <FinanceCards stats={data} />}
      </QueryState>

      <Card title={t('invoices.title')} className="mb-6">
        <div className="mb-4 grid gap-4 sm:grid-cols-[2fr_1fr]">
          <div className="space-y-1">
            <label htmlFor="invoice-search" className="block font-medium text-slate-900">
              {t('invoices.search')}
            </label>
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
              />
              <Input
                id="invoice-search"
                type="search"
                className="pl-9"
                placeholder={t('invoices.searchPlaceholder')}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          <Field id="invoice-status" label={t('invoices.statusFilter')}>
            <Select value={status} onChange={(event) => setStatus(event.target.value as InvoiceStatusFilter)}>
              {INVOICE_STATUS_FILTER.map((value) => (
                <option key={value} value={value}>
                  {t(`statuses.${value}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <QueryState query={invoices} errorMessage={t('loadFailed')} empty={<EmptyState message={t('invoices.none')} />}>
          {() =>
            visible.length === 0 ? (
              <EmptyState
                message={t('invoices.empty')}
                action={
                  filtered ? (
                    <Button
                      variant="secondary"
                      onClick={() => {
                        setSearch('');
                        setStatus('all');
                      }}
                    >
                      {t('invoices.clearFilters')}
                    </Button>
                  ) : undefined
                }
              />
            ) : (
              <>
                <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                  {t('invoices.count', { count: visible.length })}
                </p>
                <InvoiceTable invoices={visible} />
              </>
            )
          }
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
