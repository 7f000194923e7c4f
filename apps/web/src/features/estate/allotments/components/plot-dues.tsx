/** A plot's yearly dues on its card: each financial year's lease rent and maintenance charges with the amount, the
 * interest on arrears to date, the amount due today and the status, and Pay on an unpaid one (the shared pay dialog:
 * online through the gateway or by bank transfer). On a phone each year is a card with Pay at its foot. A surrendered
 * or cancelled plot's dues speak of the past: nothing is billed after the day it ended. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  allotmentEnded,
  formatDate,
  formatRupees,
  isInvoiceOwed,
  type Allotment,
  type Invoice,
} from '@portal/contract';
import { PayInvoiceDialog } from '../../../money/components/payments/online-payment/pay-invoice-dialog';
import { Button } from '../../../../components/ui/button';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { QueryState } from '../../../../components/ui/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { usePlotDues } from '../api/plot-dues';

/** 2026 reads "2026–27": April 2026 to March 2027. */
const yearLabel = (year: number | null) =>
  year === null ? '—' : `${year}–${String((year + 1) % 100).padStart(2, '0')}`;

const TONES = { paid: 'green', pending: 'amber', overdue: 'red', cancelled: 'grey' } as const;
/** Yearly dues are paid from My plots, and the bank's return page comes back there. */
const MY_PLOTS = { route: 'myPlots' } as const;

export function PlotDues({
  allotment,
  plot,
}: {
  allotment: Pick<Allotment, 'id' | 'status' | 'ended_on'>;
  plot: string;
}) {
  const { t } = useTranslation('allotments');
  const headingId = useId();
  const dues = usePlotDues(allotment.id);
  const [paying, setPaying] = useState<Invoice>();
  // How the plot ended (surrendered or cancelled), and on which day, or undefined while it is held.
  const ended = allotmentEnded(allotment.status)
    ? { context: allotment.status, date: allotment.ended_on ? formatDate(allotment.ended_on) : undefined }
    : undefined;
  const endedWords = (key: 'none' | 'billedUntil') =>
    t(`dues.ended.${key}`, { context: ended?.date ? `${ended.context}_on` : ended?.context, date: ended?.date });
  const columns: Column<Invoice>[] = [
    {
      key: 'year',
      header: t('dues.year'),
      card: 'title',
      cell: (invoice) => <span className="tabular-nums">{yearLabel(invoice.financial_year)}</span>,
    },
    { key: 'kind', header: t('dues.kind'), wrap: true, cell: (invoice) => t(`dues.kinds.${invoice.invoice_type}`) },
    { key: 'amount', header: t('dues.amount'), numeric: true, cell: (invoice) => formatRupees(invoice.amount) },
    {
      key: 'interest',
      header: t('dues.interest'),
      numeric: true,
      cell: (invoice) => (isInvoiceOwed(invoice.status) ? formatRupees(invoice.interest) : '—'),
    },
    {
      key: 'amountDue',
      header: t('dues.amountDue'),
      numeric: true,
      cell: (invoice) => (
        <span className="font-medium">{isInvoiceOwed(invoice.status) ? formatRupees(invoice.amount_due) : '—'}</span>
      ),
    },
    {
      key: 'dueDate',
      header: t('dues.dueDate'),
      cell: (invoice) => <span className="tabular-nums">{formatDate(invoice.due_date)}</span>,
    },
    {
      key: 'status',
      header: t('dues.status'),
      cell: (invoice) => <StatusBadge status={invoice.status} tone={TONES[invoice.status]} />,
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('dues.actions')}</span>,
      card: 'actions',
      cell: (invoice) =>
        !isInvoiceOwed(invoice.status) ? null : (
          <Button
            size="sm"
            aria-label={t('dues.payFor', { number: invoice.invoice_number })}
            onClick={() => setPaying(invoice)}
          >
            {t('dues.pay')}
          </Button>
        ),
    },
  ];
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="mb-2 font-semibold text-slate-900">
        {t('dues.title')}
      </h3>
      <QueryState
        query={dues}
        loadingLabel={t('dues.loading')}
        errorMessage={t('dues.loadFailed')}
        isEmpty={() => false}
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="text-slate-700">{ended ? endedWords('none') : t('dues.none')}</p>
          ) : (
            <>
              {ended && <p className="mb-2 text-slate-700">{endedWords('billedUntil')}</p>}
              <DataTable
                caption={t('dues.caption', { plot })}
                columns={columns}
                rows={rows}
                rowKey={(invoice) => invoice.id}
                compact
              />
            </>
          )
        }
      </QueryState>
      <PayInvoiceDialog invoice={paying} onClose={() => setPaying(undefined)} origin={MY_PLOTS} />
    </section>
  );
}
