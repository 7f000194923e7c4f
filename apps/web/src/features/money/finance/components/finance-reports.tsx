/** The finance dashboard's reports, loaded in their own chunk with the chart library: collections by day and payment
 * mode over a chosen period, receivables ageing by band, and what waits on finance (refunds due and paid, unmatched
 * bank credits, gateway orders needing a look). Every chart has a table alternative holding the same figures (a
 * visible toggle), is itself an image with a summarising name, and is readable without colour: the NEFT/RTGS bars are
 * striped and every ageing bar carries its count. The charts take no focus (their keyboard layer is off): the table
 * is the way to read the figures one by one. Each figure opens its list where one exists. A chart's axis is the one
 * place money is rounded (a summary that says so: "₹5 lakh", "about ₹6.13 lakh"); every figure, tooltip and table
 * cell is to the paisa. */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import {
  COLLECTIONS_DEFAULT_DAYS,
  COLLECTIONS_PERIODS,
  formatDate,
  formatNumber,
  formatRupees,
  formatRupeesAbout,
  roundRupees,
  ROUTES,
  type CollectionsReport,
  type FinanceSummary,
  businessToday,
  type ReceivablesAgeing,
} from '@portal/contract';
import { FileDownloadButton } from '../../../documents/components/letters/file-download-button';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TableScroll } from '../../../../components/ui/data-table';
import { QueryState } from '../../../../components/ui/query-state';
import {
  collectionsPath,
  periodOf,
  useCollections,
  useFinanceSummary,
  useReceivablesAgeing,
} from '../api/finance-reports';

/** AA contrast on white (both above 4.5:1), and told apart without colour by the stripes. */
const ONLINE = '#1d4ed8';
const NEFT = '#9a3412';

const cell = 'px-3 py-2 text-right tabular-nums';
const head = 'px-3 py-2 text-left font-medium text-slate-700';

/** A figure that opens its list, or plain text where there is none. */
function FigureLink({ to, children, label }: { to?: string; children: ReactNode; label?: string }) {
  if (!to) return <>{children}</>;
  return (
    <Link to={to} aria-label={label} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {children}
    </Link>
  );
}

/** "Show as table" / "Show as chart", visible, its state announced. */
function ViewToggle({ table, onToggle, controls }: { table: boolean; onToggle(): void; controls: string }) {
  const { t } = useTranslation('finance');
  return (
    <Button variant="secondary" size="sm" aria-controls={controls} onClick={onToggle}>
      {table ? t('reports.showChart') : t('reports.showTable')}
    </Button>
  );
}

function CollectionsTable({ report }: { report: CollectionsReport }) {
  const { t } = useTranslation('finance');
  return (
    <TableScroll
      caption={t('reports.collections.caption', { from: formatDate(report.from), to: formatDate(report.to) })}
    >
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={head}>
              {t('reports.collections.date')}
            </th>
            <th scope="col" className={head}>
              {t('paymentMethods.online')}
            </th>
            <th scope="col" className={head}>
              {t('paymentMethods.neft_rtgs')}
            </th>
            <th scope="col" className={head}>
              {t('reports.collections.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.days.map((day) => (
            <tr key={day.date} className="border-b border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {formatDate(day.date)}
              </th>
              <td className={cell}>{formatRupees(day.online)}</td>
              <td className={cell}>{formatRupees(day.neft_rtgs)}</td>
              <td className={cell}>{formatRupees(day.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CollectionsChart({ report, label }: { report: CollectionsReport; label: string }) {
  const { t } = useTranslation('finance');
  const data = report.days.map((day) => ({ ...day, day: formatDate(day.date) }));
  return (
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <defs>
            <pattern id="neft-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="6" height="6" fill={NEFT} />
              <line x1="0" y1="0" x2="0" y2="6" stroke="#ffffff" strokeWidth="2" />
            </pattern>
          </defs>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tick={{ fontSize: 11, fill: '#334155' }} minTickGap={16} />
          <YAxis
            tick={{ fontSize: 11, fill: '#334155' }}
            tickFormatter={(value: number) => formatRupeesAbout(value)}
            width={88}
          />
          <Tooltip formatter={(value) => formatRupees(Number(value))} />
          <Legend />
          <Bar dataKey="online" name={t('paymentMethods.online')} stackId="mode" fill={ONLINE} />
          <Bar
            dataKey="neft_rtgs"
            name={t('paymentMethods.neft_rtgs')}
            stackId="mode"
            fill="url(#neft-stripes)"
            stroke={NEFT}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function Collections() {
  const { t } = useTranslation('finance');
  const [days, setDays] = useState<number>(COLLECTIONS_DEFAULT_DAYS);
  const [table, setTable] = useState(false);
  const period = periodOf(days);
  const collections = useCollections(period);
  const selectId = useId();
  const viewId = useId();
  return (
    <Card
      title={t('reports.collections.title')}
      className="mb-6"
      action={
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            {t('reports.collections.period')}
          </label>
          <select
            id={selectId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="rounded-md border border-slate-300 px-2 py-1 text-sm"
          >
            {COLLECTIONS_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t('reports.collections.lastDays', { count: value })}
              </option>
            ))}
          </select>
          <ViewToggle table={table} onToggle={() => setTable(!table)} controls={viewId} />
          <FileDownloadButton
            path={collectionsPath(period, true)}
            fileName={`collections-${period.from}-to-${period.to}.csv`}
            busyText={t('reports.exporting')}
            failedText={t('reports.exportFailed')}
            label={t('reports.collections.export')}
            size="sm"
          >
            {t('reports.exportCsv')}
          </FileDownloadButton>
        </div>
      }
    >
      <div id={viewId}>
        <QueryState query={collections} errorMessage={t('loadFailed')}>
          {(report) => {
            const online = report.modes.find((mode) => mode.mode === 'online');
            const neft = report.modes.find((mode) => mode.mode === 'neft_rtgs');
            const summary = t('reports.collections.summary', {
              from: formatDate(report.from),
              to: formatDate(report.to),
              total: formatRupees(report.total.amount),
              count: report.total.count,
              online: formatRupees(online?.amount ?? 0),
              neft: formatRupees(neft?.amount ?? 0),
            });
            return (
              <>
                <p className="mb-3 text-sm text-slate-700">{summary}</p>
                {table ? <CollectionsTable report={report} /> : <CollectionsChart report={report} label={summary} />}
              </>
            );
          }}
        </QueryState>
      </div>
    </Card>
  );
}

const OVERDUE_LIST = '/finance?status=overdue';

function AgeingTable({ ageing }: { ageing: ReceivablesAgeing }) {
  const { t } = useTranslation('finance');
  return (
    <TableScroll caption={t('reports.ageing.caption', { date: formatDate(ageing.as_of) })}>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={head}>
              {t('reports.ageing.band')}
            </th>
            <th scope="col" className={head}>
              {t('reports.ageing.count')}
            </th>
            <th scope="col" className={head}>
              {t('reports.ageing.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {ageing.bands.map((band) => (
            <tr key={band.code} className="border-b border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {t(`reports.ageing.bands.${band.code}`)}
              </th>
              <td className={cell}>{formatNumber(band.count)}</td>
              <td className={cell}>{formatRupees(band.amount)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="px-3 py-2 text-left font-medium">
              {t('reports.ageing.total')}
            </th>
            <td className={cell}>
              <FigureLink to={OVERDUE_LIST}>{formatNumber(ageing.total.count)}</FigureLink>
            </td>
            <td className={cell}>{formatRupees(ageing.total.amount)}</td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}

function Ageing() {
  const { t } = useTranslation('finance');
  const [table, setTable] = useState(false);
  const ageing = useReceivablesAgeing();
  const viewId = useId();
  return (
    <Card
      title={t('reports.ageing.title')}
      className="mb-6"
      action={
        <div className="flex flex-wrap items-center gap-2">
          <ViewToggle table={table} onToggle={() => setTable(!table)} controls={viewId} />
          <FileDownloadButton
            path="/finance/receivables.csv"
            fileName={`receivables-${businessToday()}.csv`}
            busyText={t('reports.exporting')}
            failedText={t('reports.exportFailed')}
            label={t('reports.ageing.export')}
            size="sm"
          >
            {t('reports.exportCsv')}
          </FileDownloadButton>
        </div>
      }
    >
      <div id={viewId}>
        <QueryState query={ageing} errorMessage={t('loadFailed')}>
          {(data) => {
            const summary = t('reports.ageing.summary', {
              date: formatDate(data.as_of),
              count: data.total.count,
              amount: formatRupees(data.total.amount),
              bands: data.bands
                .map((band) => `${t(`reports.ageing.bands.${band.code}`)}: ${formatRupees(band.amount)}`)
                .join('; '),
            });
            const bars = data.bands.map((band) => ({
              ...band,
              name: t(`reports.ageing.bands.${band.code}`),
              label: formatNumber(band.count),
            }));
            return (
              <>
                <p className="mb-3 text-sm text-slate-700">
                  <FigureLink to={OVERDUE_LIST}>{summary}</FigureLink>
                </p>
                {table ? (
                  <AgeingTable ageing={data} />
                ) : (
                  <div role="img" aria-label={summary} className="h-64 w-full">
                    <ResponsiveContainer width="100%" height="100%">
                      <BarChart
                        accessibilityLayer={false}
                        data={bars}
                        margin={{ top: 24, right: 8, bottom: 8, left: 8 }}
                      >
                        <CartesianGrid strokeDasharray="3 3" vertical={false} />
                        <XAxis dataKey="name" tick={{ fontSize: 11, fill: '#334155' }} interval={0} />
                        <YAxis
                          tick={{ fontSize: 11, fill: '#334155' }}
                          tickFormatter={(value: number) => formatRupeesAbout(value)}
                          width={88}
                        />
                        <Tooltip formatter={(value) => formatRupees(Number(value))} />
                        <Bar dataKey="amount" name={t('reports.ageing.amount')} fill="#b91c1c">
                          <LabelList dataKey="label" position="top" fill="#0f172a" fontSize={12} />
                        </Bar>
                      </BarChart>
                    </ResponsiveContainer>
                  </div>
                )}
              </>
            );
          }}
        </QueryState>
      </div>
    </Card>
  );
}

function Figure({ label, value, note, to }: { label: string; value: string; note?: string; to?: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">
        <FigureLink to={to} label={note ? `${label}: ${value}, ${note}` : undefined}>
          {value}
        </FigureLink>
      </dd>
      {note && <dd className="text-sm text-slate-700">{note}</dd>}
    </div>
  );
}

function Waiting({ summary }: { summary: FinanceSummary }) {
  const { t } = useTranslation('finance');
  const refund = (status: FinanceSummary['refunds'][number]['status']) =>
    summary.refunds.find((row) => row.status === status) ?? { status, count: 0, amount: 0 };
  const prepared = refund('prepared');
  const approved = refund('approved');
  const paid = refund('paid');
  const refunds = ROUTES.refunds.path;
  const credits = ROUTES.bankCredits.path;
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Figure
        label={t('reports.waiting.refundsDue')}
        value={formatNumber(prepared.count + approved.count)}
        note={formatRupees(roundRupees(prepared.amount + approved.amount))}
        to={refunds}
      />
      <Figure
        label={t('reports.waiting.refundsApproved')}
        value={formatNumber(approved.count)}
        note={formatRupees(approved.amount)}
        to={refunds}
      />
      <Figure
        label={t('reports.waiting.refundsPaid')}
        value={formatNumber(paid.count)}
        note={formatRupees(paid.amount)}
        to={refunds}
      />
      <Figure
        label={t('reports.waiting.unmatched')}
        value={formatNumber(summary.unmatched_credits.count)}
        note={formatRupees(summary.unmatched_credits.amount)}
        to={`${credits}?status=unmatched`}
      />
      <Figure
        label={t('reports.waiting.settlements')}
        value={formatNumber(summary.settlements_awaiting_checker.count)}
        note={formatRupees(summary.settlements_awaiting_checker.amount)}
        to={`${credits}?status=settlement_pending`}
      />
      <Figure
        label={t('reports.waiting.gateway')}
        value={formatNumber(summary.gateway.mismatch + summary.gateway.pending_over_15_min)}
        note={t('reports.waiting.gatewayNote', {
          mismatch: formatNumber(summary.gateway.mismatch),
          pending: formatNumber(summary.gateway.pending_over_15_min),
        })}
      />
    </dl>
  );
}

function WaitingCard() {
  const { t } = useTranslation('finance');
  const summary = useFinanceSummary();
  return (
    <Card title={t('reports.waiting.title')} className="mb-6">
      <QueryState query={summary} errorMessage={t('loadFailed')}>
        {(data) => <Waiting summary={data} />}
      </QueryState>
    </Card>
  );
}

export default function FinanceReports() {
  return (
    <>
      <WaitingCard />
      <Collections />
      <Ageing />
    </>
  );
}
