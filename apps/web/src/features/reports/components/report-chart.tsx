/** A plain SVG bar chart of the report's rows by status or zone, with the same figures as a table beside it for
 * anyone who cannot see the bars. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRupees, statusLabel } from '@portal/contract';
import type { ChartGroup, GroupCount } from '../lib/group-report';

const BAR_HEIGHT = 28;
const GAP = 10;
const LABEL_WIDTH = 200;
const CHART_WIDTH = 640;

export function ReportChart({ groups, by, total }: { groups: GroupCount[]; by: ChartGroup; total: number }) {
  const { t } = useTranslation('reports');
  const titleId = useId();
  const group = t(`chart.groups.${by}`);
  const max = Math.max(1, ...groups.map((item) => item.count));
  const label = (value: string) =>
    by === 'status' ? t(`ui:status.${value}`, { defaultValue: statusLabel(value) }) : value;
  const barSpace = CHART_WIDTH - LABEL_WIDTH - 60;
  const height = groups.length * (BAR_HEIGHT + GAP);
  const withAmounts = groups.some((item) => item.amount !== undefined);

  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {t('chart.title', { group })}
      </figcaption>
      <svg
        role="img"
        aria-label={t('chart.label', { count: total, group })}
        viewBox={`0 0 ${CHART_WIDTH} ${Math.max(height, BAR_HEIGHT)}`}
        className="w-full max-w-3xl"
        preserveAspectRatio="xMinYMin meet"
      >
        {groups.map((item, index) => {
          const y = index * (BAR_HEIGHT + GAP);
          const width = Math.max(2, (item.count / max) * barSpace);
          return (
            <g key={item.label}>
              <text
                x={LABEL_WIDTH - 8}
                y={y + BAR_HEIGHT / 2}
                textAnchor="end"
                dominantBaseline="middle"
                className="fill-slate-700 text-[13px]"
              >
                {label(item.label)}
              </text>
              <rect x={LABEL_WIDTH} y={y} width={width} height={BAR_HEIGHT} rx={3} className="fill-brand-700" />
              <text
                x={LABEL_WIDTH + width + 6}
                y={y + BAR_HEIGHT / 2}
                dominantBaseline="middle"
                className="fill-slate-900 text-[13px] font-semibold"
              >
                {item.count}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">{t('chart.showTable')}</summary>
        <table className="mt-2 min-w-[16rem] divide-y divide-slate-200 text-left">
          <caption className="sr-only">{t('chart.tableCaption', { group })}</caption>
          <thead>
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t('chart.value')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t('chart.count')}
              </th>
              {withAmounts && (
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t('chart.amount')}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {groups.map((item) => (
              <tr key={item.label}>
                <td className="px-3 py-2">{label(item.label)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{item.count}</td>
                {withAmounts && <td className="px-3 py-2 text-right tabular-nums">{formatRupees(item.amount ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
