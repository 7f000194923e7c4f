/** A plot's yearly dues on its card: each financial year's lease rent and maintenance charges with the amount, the
 * interest on arrears to date, the amount due today and the status, and Pay on an unpaid one (the shared pay dialog:
 * online through the gateway or by bank transfer). */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRupeesExact, isInvoiceOwed, type Invoice } from '@portal/contract';
import { PayInvoiceDialog } from '../../../components/payments/online-payment/pay-invoice-dialog';
import { Button } from '../../../components/ui/button';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { usePlotDues } from '../api/plot-dues';

/** 2026 reads "2026–27": April 2026 to March 2027. */
const yearLabel = (year: number | null) =>
  year === null ? '—' : `${year}–${String((year + 1) % 100).padStart(2, '0')}`;

const TONES = { paid: 'green', pending: 'amber', overdue: 'red', cancelled: 'grey' } as const;

export function PlotDues({ allotmentId, plot }: { allotmentId: string; plot: string }) {
  const { t } = useTranslation('allotments');
  const headingId = useId();
  const dues = usePlotDues(allotmentId);
  const [paying, setPaying] = useState<Invoice>();
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
            <p className="text-slate-700">{t('dues.none')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="min-w-full text-left text-sm">
                <caption className="sr-only">{t('dues.caption', { plot })}</caption>
                <thead>
                  <tr className="border-b border-slate-300 text-slate-700">
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('dues.year')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('dues.kind')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('dues.amount')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('dues.interest')}
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-medium">
                      {t('dues.amountDue')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('dues.dueDate')}
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      {t('dues.status')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      <span className="sr-only">{t('dues.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((invoice) => (
                    <tr key={invoice.id} className="border-b border-slate-200 text-slate-900">
                      <td className="py-2 pr-4 tabular-nums">{yearLabel(invoice.financial_year)}</td>
                      <td className="py-2 pr-4">{t(`dues.kinds.${invoice.invoice_type}`)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">{formatRupeesExact(invoice.amount)}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {isInvoiceOwed(invoice.status) ? formatRupeesExact(invoice.interest) : '—'}
                      </td>
                      <td className="py-2 pr-4 text-right font-medium tabular-nums">
                        {isInvoiceOwed(invoice.status) ? formatRupeesExact(invoice.amount_due) : '—'}
                      </td>
                      <td className="py-2 pr-4 tabular-nums">{formatDate(invoice.due_date)}</td>
                      <td className="py-2 pr-4">
                        <StatusBadge status={invoice.status} tone={TONES[invoice.status]} />
                      </td>
                      <td className="py-2">
                        {isInvoiceOwed(invoice.status) && (
                          <Button
                            size="sm"
                            aria-label={t('dues.payFor', { number: invoice.invoice_number })}
                            onClick={() => setPaying(invoice)}
                          >
                            {t('dues.pay')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
      <PayInvoiceDialog invoice={paying} onClose={() => setPaying(undefined)} />
    </section>
  );
}
