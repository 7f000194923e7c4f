/** The chart's groups: counts of the report's rows by status or zone, largest first. The server groups every
 * matching row; an answer without groups (an older server) falls back to the rows it sent. */
import type { Report } from '@portal/contract';

export const CHART_GROUPS = ['status', 'zone'] as const;
export type ChartGroup = (typeof CHART_GROUPS)[number];

export interface GroupCount {
  label: string;
  count: number;
  amount?: number;
}

const labelOf = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));
const largestFirst = (a: GroupCount, b: GroupCount) => b.count - a.count || a.label.localeCompare(b.label);

export function groupRows(data: Report['data'], by: ChartGroup): GroupCount[] {
  const counts = new Map<string, number>();
  for (const row of data) {
    const label = labelOf(row[by]);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()].map(([label, count]) => ({ label, count })).sort(largestFirst);
}

export function reportGroups(report: Report, by: ChartGroup): GroupCount[] {
  const groups = report.groups?.[by];
  if (!groups) return groupRows(report.data, by);
  return groups
    .map((group) => ({
      label: labelOf(group.value),
      count: group.count,
      ...(group.amount !== undefined && { amount: group.amount }),
    }))
    .sort(largestFirst);
}
