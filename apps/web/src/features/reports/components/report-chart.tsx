/** A bar chart of the report's rows by status or zone, drawn in HTML (words at the page's own size at every width; an
 * SVG scaled down to a phone drew them about 4 px tall), with the same figures as a table beside it for anyone who
 * cannot see the bars. */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRupees, statusLabel } from '@portal/contract';
import type { ChartGroup, GroupCount } from '../lib/group-report';

export function ReportChart({ groups, by, total }: { groups: GroupCount[]; by: ChartGroup; total: number }) {
  const { t } = useTranslation('reports');
  const titleId = useId();
  const group = t(`chart.groups.${by}`);
  const max = Math.max(1, ...groups.map((item) => item.count));
  const label = (value: string) =>
    by === 'status' ? t(`ui:status.${value}`, { defaultValue: statusLabel(value) }) : value;
  const withAmounts = groups.some((item) => item.amount !== undefined);

  return (
    <figure aria-labelledby={titleId} className="space-y-3">
      <figcaption id={titleId} className="font-semibold text-slate-900">
        {t('chart.title', { group })}
      </figcaption>
      <div role="img" aria-label={t('chart.label', { count: total, group })} className="max-w-3xl space-y-2">
        {groups.map((item) => (
          <div key={item.label} className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[12rem_1fr] sm:items-center">
            <span data-chart-label="" className="text-sm text-slate-700 sm:text-right">
              {label(item.label)}
            </span>
            <span className="flex items-center gap-2">
              <span
                className="h-6 min-w-0.5 rounded-sm bg-brand-700"
                style={{ width: `${Math.max(0.5, (item.count / max) * 85)}%` }}
              />
              <span data-chart-label="" className="text-sm font-semibold text-slate-900 tabular-nums">
                {formatNumber(item.count)}
              </span>
            </span>
          </div>
        ))}
      </div>
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
