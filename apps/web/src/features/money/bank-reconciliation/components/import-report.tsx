/** An imported statement's report: the counts, then every line of the table with what became of it (matched and the
 * invoice it paid, unmatched and why, a debit skipped, a duplicate, or malformed with the column at fault). */
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  type StatementImport,
  type StatementRow,
} from '@portal/contract';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { ToneBadge, type Tone } from './tone-badge';

const OUTCOME_TONES: Record<StatementRow['outcome'], Tone> = {
  matched: 'green',
  unmatched: 'amber',
  debit: 'grey',
  duplicate: 'grey',
  malformed: 'red',
};

export function OutcomeBadge({ outcome }: { outcome: StatementRow['outcome'] }) {
  const { t } = useTranslation('bank-reconciliation');
  return <ToneBadge tone={OUTCOME_TONES[outcome]}>{t(`outcomes.${outcome}`)}</ToneBadge>;
}

function RowDetail({ row }: { row: StatementRow }) {
  const { t } = useTranslation('bank-reconciliation');
  if (row.outcome === 'matched') return <>{t('report.paid', { invoice: row.invoice_number })}</>;
  if (row.outcome === 'unmatched') return <>{t(`reasons.${row.code}`)}</>;
  if (row.outcome === 'malformed') {
    return (
      <>
        {row.field
          ? t('report.malformedIn', { problem: t(`errors.${row.code}`), field: row.field })
          : t(`errors.${row.code}`)}
      </>
    );
  }
  return <>{t(`report.${row.outcome}`)}</>;
}

export function ImportReport({ report }: { report: StatementImport }) {
  const { t } = useTranslation('bank-reconciliation');
  const figures: [string, string][] = [
    [t('report.rows'), formatNumber(report.rows_total)],
    [t('outcomes.matched'), `${formatNumber(report.matched)} (${formatRupees(report.matched_amount)})`],
    [t('outcomes.unmatched'), `${formatNumber(report.unmatched)} (${formatRupees(report.unmatched_amount)})`],
    [t('outcomes.debit'), formatNumber(report.skipped)],
    [t('outcomes.duplicate'), formatNumber(report.duplicates)],
    [t('outcomes.malformed'), formatNumber(report.malformed)],
  ];
  const columns: Column<StatementRow>[] = [
    { key: 'line', header: t('report.columns.line'), numeric: true, cell: (row) => formatNumber(row.row) },
    { key: 'outcome', header: t('report.columns.outcome'), cell: (row) => <OutcomeBadge outcome={row.outcome} /> },
    {
      key: 'reference',
      header: t('report.columns.reference'),
      wrap: true,
      cell: (row) => <span className="break-all">{row.bank_reference ?? '—'}</span>,
    },
    {
      key: 'date',
      header: t('report.columns.valueDate'),
      cell: (row) => (row.value_date ? formatDate(row.value_date) : '—'),
    },
    {
      key: 'amount',
      header: t('report.columns.amount'),
      numeric: true,
      cell: (row) => (row.amount === null ? '—' : formatRupees(row.amount)),
    },
    { key: 'challan', header: t('report.columns.challan'), cell: (row) => row.challan_number ?? '—' },
    { key: 'detail', header: t('report.columns.detail'), wrap: true, cell: (row) => <RowDetail row={row} /> },
  ];
  return (
    <section aria-labelledby={`report-${report.id}`} className="space-y-4">
      <h2 id={`report-${report.id}`} className="text-xl font-semibold text-slate-900">
        {t('report.title', { file: report.file_name })}
      </h2>
      <p className="text-slate-700">
        {t('report.importedBy', { name: report.imported_by_name, at: formatDateTime(report.imported_at) })}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md border border-slate-300 p-3">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <DataTable
        caption={t('report.caption')}
        columns={columns}
        rows={report.rows}
        rowKey={(row) => String(row.row)}
        compact
      />
    </section>
  );
}
