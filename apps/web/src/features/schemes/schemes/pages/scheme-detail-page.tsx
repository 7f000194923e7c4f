/** /schemes/:id (entrepreneurs): a scheme's rules in plain words, its plots with "Apply for this plot" while it takes
 * applications, one's own entries, what each owes (paid from here, and the bank's return page comes back here) and how
 * each fared, the auction room once applications have closed, and the public result. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRupees, unpaidInvoicesOf, type Invoice, type SchemeDetail } from '@portal/contract';
import { useInvoices } from '../../../../api/invoices';
import { PayInvoiceDialog } from '../../../money/components/payments/online-payment/pay-invoice-dialog';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { useScheme } from '../../../../api/schemes';
import { SchemeStatusBadge, schemePaths, useSchemeWords } from '../components/scheme-bits';
import { SchemeCommitment, SchemePlotsTable, SchemeRules } from '../components/scheme-facts';

/** An entry's unpaid invoices (the participation fee and EMD, a winner's premium), each with Pay. */
function EntryDues({ applicationId, onPay }: { applicationId: string; onPay: (invoice: Invoice) => void }) {
  const { t } = useTranslation('schemes');
  const invoices = useInvoices(applicationId);
  const unpaid = invoices.data ? unpaidInvoicesOf(invoices.data) : [];
  if (unpaid.length === 0) return null;
  return (
    <span className="mt-2 flex flex-wrap gap-2">
      {unpaid.map((invoice) => (
        <Button key={invoice.id} size="sm" onClick={() => onPay(invoice)}>
          {t('mine.pay', {
            amount: formatRupees(invoice.amount_due || invoice.amount),
            number: invoice.invoice_number,
          })}
        </Button>
      ))}
    </span>
  );
}

function MyEntries({ scheme }: { scheme: SchemeDetail }) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const [paying, setPaying] = useState<Invoice>();
  return (
    <Card title={t('mine.title')}>
      {scheme.my_entries.length === 0 ? (
        <p className="text-slate-700">{scheme.accepting ? t('mine.noneYet') : t('mine.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {scheme.my_entries.map((entry) => (
            <li key={entry.application_id} className="flex flex-col gap-1 py-3 sm:flex-row sm:justify-between">
              <span>
                <Link
                  className="font-medium text-brand-700 underline"
                  to={schemePaths.myApplication(entry.application_id)}
                >
                  {entry.application_number}
                </Link>
                <span className="block text-sm text-slate-700">{t('mine.plot', { plot: entry.plot_code })}</span>
                <EntryDues applicationId={entry.application_id} onPay={setPaying} />
              </span>
              <span className="text-slate-900" data-testid="my-entry-outcome">
                {entry.outcome
                  ? words.outcome(entry.outcome)
                  : entry.qualified === null
                    ? t('mine.awaitingClose')
                    : entry.qualified
                      ? t('mine.qualified')
                      : t('mine.notQualified')}
                {entry.emd_forfeited && <span className="block text-sm text-red-800">{t('entries.emdForfeited')}</span>}
                {entry.outcome && (
                  <span className="block text-sm text-slate-700">{t(`mine.next.${entry.outcome}`)}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      <PayInvoiceDialog
        invoice={paying}
        onClose={() => setPaying(undefined)}
        origin={{ route: 'schemeDetail', id: scheme.id }}
      />
    </Card>
  );
}

export default function SchemeDetailPage() {
  const { t } = useTranslation('schemes');
  const { id = '' } = useParams();
  const scheme = useScheme(id);
  return (
    <QueryState query={scheme} errorMessage={t('loadOneFailed')} loadingLabel={t('loading')}>
      {(data) => {
        const auctionRoom = data.mode === 'auction' && data.status !== 'open';
        return (
          <div className="space-y-6">
            <PageHeader
              title={data.title}
              subtitle={t('detail.title', { number: data.scheme_number })}
              badge={<SchemeStatusBadge status={data.status} />}
              actions={
                <>
                  {auctionRoom && (
                    <Link to={schemePaths.auction(data.id)} className={buttonClasses('primary')}>
                      {t('detail.enterAuction')}
                    </Link>
                  )}
                  <Link to={schemePaths.result(data.scheme_number)} className={buttonClasses('secondary')}>
                    {t('actions.publicPage')}
                  </Link>
                </>
              }
            />
            <p className="text-slate-800" role="status">
              {data.accepting
                ? t('detail.accepting', { closes: formatDateTime(data.closes_at) })
                : t(`detail.notAccepting.${data.status}`)}
            </p>
            <SchemeRules scheme={data} />
            <MyEntries scheme={data} />
            <SchemePlotsTable
              scheme={data}
              action={
                data.accepting
                  ? (plot) => (
                      <Link
                        to={schemePaths.apply(data.id, plot.asset_id)}
                        className={buttonClasses('primary', 'sm')}
                        aria-label={t('detail.applyFor', { plot: plot.asset_code })}
                      >
                        {t('detail.apply')}
                      </Link>
                    )
                  : undefined
              }
            />
            <SchemeCommitment scheme={data} />
          </div>
        );
      }}
    </QueryState>
  );
}
