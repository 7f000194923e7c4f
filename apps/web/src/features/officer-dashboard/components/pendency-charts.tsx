/** The officers' pendency, loaded in its own chunk with the chart library (as the finance dashboard's reports are):
 * pending steps by stage and age band, late steps by zone and by officer, and a 12-week trend of applications received
 * and decided and of steps fallen late. Each chart is an image with a summarising name, readable without colour (every
 * age band has its own pattern and every bar its number; the trend's lines differ in dash and marker), and has a table
 * alternative (a visible toggle) whose every figure opens the applications list filtered to the same cases. */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatDate,
  formatNumber,
  PENDENCY_AGE_BANDS,
  ROUTES,
  type AgeBandFilter,
  type Pendency,
  type PendencyAgeBand,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TableScroll } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { usePendency } from '../api/officer-dashboard';

const cell = 'px-3 py-2 text-right tabular-nums';
const head = 'px-3 py-2 text-left font-medium text-slate-700';
const tick = { fontSize: 11, fill: '#334155' };

/** Each band's colour (AA on white) and pattern, so the bands are told apart without colour too. */
const BAND_STYLE: Record<
  PendencyAgeBand,
  { colour: string; pattern: 'solid' | 'dots' | 'stripes' | 'cross' | 'grid' }
> = {
  not_due: { colour: '#15803d', pattern: 'solid' },
  due_soon: { colour: '#a16207', pattern: 'dots' },
  late_1_7: { colour: '#c2410c', pattern: 'stripes' },
  late_8_30: { colour: '#b91c1c', pattern: 'cross' },
  late_over_30: { colour: '#7f1d1d', pattern: 'grid' },
  paused: { colour: '#475569', pattern: 'solid' },
};
const LATE_COLOUR = '#b91c1c';

/** The applications list filtered to a figure's cases. */
export function listOf(filters: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return `${ROUTES.officerApplications.path}?${params.toString()}`;
}

function FigureLink({ to, children, label }: { to: string; children: ReactNode; label?: string }) {
  return (
    <Link to={to} aria-label={label} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
      {children}
    </Link>
  );
}

function ViewToggle({ table, onToggle, controls }: { table: boolean; onToggle(): void; controls: string }) {
  const { t } = useTranslation('officer-dashboard');
  return (
    <Button variant="secondary" size="sm" aria-controls={controls} onClick={onToggle}>
      {table ? t('pendency.showChart') : t('pendency.showTable')}
    </Button>
  );
}

/** A card holding a chart or its table, the toggle in its header and a summary line above both. */
function ChartCard({
  title,
  summary,
  chart,
  table,
  testId,
}: {
  title: string;
  summary: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  testId: string;
}) {
  const [showTable, setShowTable] = useState(false);
  const viewId = useId();
  return (
    <Card
      title={title}
      className="mb-6"
      data-testid={testId}
      action={<ViewToggle table={showTable} onToggle={() => setShowTable(!showTable)} controls={viewId} />}
    >
      <div id={viewId}>
        <p className="mb-3 text-sm text-slate-700">{summary}</p>
        {showTable ? table : chart}
      </div>
    </Card>
  );
}

function Patterns() {
  return (
    <defs>
      {PENDENCY_AGE_BANDS.map((band) => {
        const { colour, pattern } = BAND_STYLE[band];
        const id = `pendency-${band}`;
        return (
          <pattern key={band} id={id} width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="8" height="8" fill={colour} />
            {pattern === 'dots' && <circle cx="4" cy="4" r="1.6" fill="#ffffff" />}
            {pattern === 'stripes' && <line x1="0" y1="8" x2="8" y2="0" stroke="#ffffff" strokeWidth="1.5" />}
            {pattern === 'cross' && (
              <>
                <line x1="0" y1="8" x2="8" y2="0" stroke="#ffffff" strokeWidth="1.2" />
                <line x1="0" y1="0" x2="8" y2="8" stroke="#ffffff" strokeWidth="1.2" />
              </>
            )}
            {pattern === 'grid' && <path d="M0 4H8M4 0V8" stroke="#ffffff" strokeWidth="1" />}
          </pattern>
        );
      })}
    </defs>
  );
}

function ByStage({ pendency }: { pendency: Pendency }) {
  const { t } = useTranslation('officer-dashboard');
  const bandName = (band: PendencyAgeBand) => t(`pendency.bands.${band}`);
  const summary = t('pendency.stages.summary', {
    total: formatNumber(pendency.total),
    late: formatNumber(pendency.late),
  });
  const data = pendency.by_stage.map((stage) => ({
    name: t(`statuses.${stage.status}`),
    ...stage.bands,
    label: formatNumber(stage.total),
  }));
  const link = (status: string | undefined, band: AgeBandFilter) => listOf({ status, age_band: band });
  return (
    <ChartCard
      testId="pendency-by-stage"
      title={t('pendency.stages.title')}
      summary={<FigureLink to={link(undefined, 'late')}>{summary}</FigureLink>}
      chart={
        <div role="img" aria-label={summary} className="h-80 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={data}
              layout="vertical"
              margin={{ top: 8, right: 40, bottom: 8, left: 8 }}
            >
              <Patterns />
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" tick={tick} tickFormatter={(value: number) => formatNumber(value)} />
              <YAxis type="category" dataKey="name" tick={tick} width={110} />
              <Tooltip formatter={(value) => formatNumber(Number(value))} />
              <Legend />
              {PENDENCY_AGE_BANDS.map((band, index) => (
                <Bar
                  key={band}
                  dataKey={band}
                  name={bandName(band)}
                  stackId="bands"
                  fill={`url(#pendency-${band})`}
                  stroke={BAND_STYLE[band].colour}
                >
                  {index === PENDENCY_AGE_BANDS.length - 1 && (
                    <LabelList dataKey="label" position="right" fill="#0f172a" fontSize={12} />
                  )}
                </Bar>
              ))}
            </BarChart>
          </ResponsiveContainer>
        </div>
      }
      table={
        <TableScroll caption={t('pendency.stages.caption', { date: formatDate(pendency.today) })}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('pendency.stage')}
                </th>
                {PENDENCY_AGE_BANDS.map((band) => (
                  <th key={band} scope="col" className={head}>
                    {bandName(band)}
                  </th>
                ))}
                <th scope="col" className={head}>
                  {t('pendency.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {pendency.by_stage.map((stage) => (
                <tr key={stage.status} className="border-b border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {t(`statuses.${stage.status}`)}
                  </th>
                  {PENDENCY_AGE_BANDS.map((band) => (
                    <td key={band} className={cell}>
                      <FigureLink
                        to={link(stage.status, band)}
                        label={`${t(`statuses.${stage.status}`)}, ${bandName(band)}: ${formatNumber(stage.bands[band])}`}
                      >
                        {formatNumber(stage.bands[band])}
                      </FigureLink>
                    </td>
                  ))}
                  <td className={cell}>{formatNumber(stage.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      }
    />
  );
}

/** Late steps per row (a zone or an officer): one bar each, its number written at its end. */
function LateBars({
  rows,
  label,
}: {
  rows: { key: string; name: string; count: number; to: string }[];
  label: string;
}) {
  const data = rows.map((row) => ({ ...row, label: formatNumber(row.count) }));
  return (
    <div role="img" aria-label={label} className="w-full" style={{ height: Math.max(120, 40 * data.length + 40) }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 8, right: 40, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tick={tick} allowDecimals={false} />
          <YAxis type="category" dataKey="name" tick={tick} width={130} />
          <Bar dataKey="count" fill={LATE_COLOUR}>
            <LabelList dataKey="label" position="right" fill="#0f172a" fontSize={12} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

function LateTable({
  caption,
  column,
  rows,
}: {
  caption: string;
  column: string;
  rows: { key: string; name: string; count: number; to: string }[];
}) {
  const { t } = useTranslation('officer-dashboard');
  return (
    <TableScroll caption={caption}>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={head}>
              {column}
            </th>
            <th scope="col" className={head}>
              {t('pendency.lateCount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal">
                {row.name}
              </th>
              <td className={cell}>
                <FigureLink to={row.to} label={`${row.name}: ${formatNumber(row.count)}`}>
                  {formatNumber(row.count)}
                </FigureLink>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function LateByZone({ pendency }: { pendency: Pendency }) {
  const { t } = useTranslation('officer-dashboard');
  const rows = pendency.late_by_zone.map((row) => ({
    key: row.zone,
    name: row.zone,
    count: row.count,
    to: listOf({ age_band: 'late', zone: row.zone }),
  }));
  const summary = t('pendency.zones.summary', { count: pendency.late, zones: formatNumber(rows.length) });
  return (
    <ChartCard
      testId="pendency-late-by-zone"
      title={t('pendency.zones.title')}
      summary={summary}
      chart={rows.length ? <LateBars rows={rows} label={summary} /> : <p>{t('pendency.noneLate')}</p>}
      table={<LateTable caption={t('pendency.zones.caption')} column={t('pendency.zone')} rows={rows} />}
    />
  );
}

function LateByOfficer({ pendency }: { pendency: Pendency }) {
  const { t } = useTranslation('officer-dashboard');
  const rows = pendency.late_by_officer.map((row) => ({
    key: `${row.officer_id ?? ''}:${row.waiting_on}`,
    name: row.officer_name ?? t('pendency.unassigned', { role: t(`pendency.roles.${row.waiting_on}`) }),
    count: row.count,
    to: row.officer_id
      ? listOf({ age_band: 'late', assigned_to: row.officer_id, waiting_on: row.waiting_on })
      : listOf({ age_band: 'late', unassigned: 'true', waiting_on: row.waiting_on }),
  }));
  const summary = t('pendency.officers.summary', { count: pendency.late });
  return (
    <ChartCard
      testId="pendency-late-by-officer"
      title={t('pendency.officers.title')}
      summary={summary}
      chart={rows.length ? <LateBars rows={rows} label={summary} /> : <p>{t('pendency.noneLate')}</p>}
      table={<LateTable caption={t('pendency.officers.caption')} column={t('pendency.officer')} rows={rows} />}
    />
  );
}

const TREND_LINES = [
  { key: 'received', colour: '#1d4ed8', dash: undefined, dot: { r: 4 } },
  { key: 'decided', colour: '#15803d', dash: '8 4', dot: { r: 4, strokeDasharray: '' } },
  { key: 'late', colour: LATE_COLOUR, dash: '2 3', dot: { r: 5 } },
] as const;

/** The 12-week trend (exported for its test). */
export function Trend({ pendency }: { pendency: Pendency }) {
  const { t } = useTranslation('officer-dashboard');
  const sum = (key: 'received' | 'decided' | 'late') => pendency.trend.reduce((total, week) => total + week[key], 0);
  const summary = t('pendency.trend.summary', {
    weeks: pendency.trend.length,
    received: formatNumber(sum('received')),
    decided: formatNumber(sum('decided')),
    late: formatNumber(sum('late')),
  });
  const data = pendency.trend.map((week) => ({ ...week, name: formatDate(week.week) }));
  return (
    <ChartCard
      testId="pendency-trend"
      title={t('pendency.trend.title')}
      summary={summary}
      chart={
        <div role="img" aria-label={summary} className="h-80 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart accessibilityLayer={false} data={data} margin={{ top: 16, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              {/* Every week is named (interval 0: recharts otherwise drops the labels it finds too close), turned so
                  twelve of them fit side by side on a phone. */}
              <XAxis dataKey="name" tick={tick} interval={0} angle={-60} textAnchor="end" height={84} />
              <YAxis tick={tick} allowDecimals={false} width={56} />
              <Tooltip formatter={(value) => formatNumber(Number(value))} />
              <Legend />
              {TREND_LINES.map((line) => (
                <Line
                  key={line.key}
                  type="monotone"
                  dataKey={line.key}
                  name={t(`pendency.trend.${line.key}`)}
                  stroke={line.colour}
                  strokeWidth={2}
                  strokeDasharray={line.dash}
                  dot={{ ...line.dot, fill: line.colour }}
                  isAnimationActive={false}
                >
                  {line.key === 'late' && <LabelList dataKey="late" position="top" fill="#0f172a" fontSize={11} />}
                </Line>
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      }
      table={
        <TableScroll caption={t('pendency.trend.caption')}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className={head}>
                  {t('pendency.trend.week')}
                </th>
                {TREND_LINES.map((line) => (
                  <th key={line.key} scope="col" className={head}>
                    {t(`pendency.trend.${line.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {pendency.trend.map((week) => (
                <tr key={week.week} className="border-b border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {formatDate(week.week)}
                  </th>
                  <td className={cell}>{formatNumber(week.received)}</td>
                  <td className={cell}>{formatNumber(week.decided)}</td>
                  <td className={cell}>{formatNumber(week.late)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      }
    />
  );
}

export default function PendencyCharts() {
  const { t } = useTranslation('officer-dashboard');
  const pendency = usePendency();
  return (
    <section aria-label={t('pendency.label')}>
      <QueryState query={pendency} errorMessage={t('pendency.loadFailed')}>
        {(data) => (
          <>
            {data.zone && <p className="mb-3 text-sm text-slate-700">{t('pendency.zoneOnly', { zone: data.zone })}</p>}
            <ByStage pendency={data} />
            <div className="grid gap-x-6 lg:grid-cols-2">
              <LateByZone pendency={data} />
              <LateByOfficer pendency={data} />
            </div>
            <Trend pendency={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}
