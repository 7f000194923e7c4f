/** Counts of report rows by status or zone, largest first, for the chart and its table. */
import type { Report } from '@portal/contract';

export const CHART_GROUPS = ['status', 'zone'] as const;
export type ChartGroup = (typeof CHART_GROUPS)[number];

export interface GroupCount {
  label: string;
  count: number;
}

export function groupRows(data: Report['data'], by: ChartGroup): GroupCount[] {
  const counts = new Map<string, number>();
  for (const row of data) {
    const value = row[by];
    const label = value === null || value === undefined || value === '' ? '—' : String(value);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
