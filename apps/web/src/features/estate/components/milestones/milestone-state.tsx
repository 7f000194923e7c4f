/** Where a milestone stands, in words with an icon beside them (never colour alone): met on a date, late by some days
 * (in red), due today, or some days left. */
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, Clock } from 'lucide-react';
import { formatDate, formatNumber, type Milestone } from '@portal/contract';
import { cn } from '../../../../components/ui/cn';

/** The first milestone not yet met (the earliest due), or undefined when every one is met or there are none. */
export function nextMilestone(milestones: readonly Milestone[]): Milestone | undefined {
  return milestones
    .filter((milestone) => milestone.met_on === null)
    .sort((a, b) => a.due_on.localeCompare(b.due_on))[0];
}

export function MilestoneState({ milestone, className }: { milestone: Milestone; className?: string }) {
  const { t } = useTranslation('milestones');
  const iconClass = 'h-4 w-4 shrink-0';
  let icon = <Clock aria-hidden="true" className={iconClass} />;
  let words: string;
  let tone = 'text-slate-700';
  if (milestone.met_on !== null) {
    icon = <CheckCircle2 aria-hidden="true" className={iconClass} />;
    words = t('metOn', { date: formatDate(milestone.met_on) });
    tone = 'text-green-800';
  } else if (milestone.late) {
    const days = Math.abs(milestone.days_left ?? 0);
    icon = <AlertTriangle aria-hidden="true" className={iconClass} />;
    words = t('lateBy', { count: days, days: formatNumber(days) });
    tone = 'font-semibold text-red-800';
  } else if (milestone.days_left === 0) {
    words = t('dueToday');
  } else {
    const days = milestone.days_left ?? 0;
    words = t('daysLeft', { count: days, days: formatNumber(days) });
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5', tone, className)}>
      {icon}
      {words}
    </span>
  );
}
