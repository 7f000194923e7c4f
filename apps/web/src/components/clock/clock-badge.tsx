/** The service clock of an application in words and colour: overdue (red, by how many days), due soon (amber), due
 * later, or paused while a query is open (waiting on the applicant, or lapsed unanswered and waiting on the officers). Dates go through the shared formatter, and "today" is the
 * business calendar's, as the server counts it. */
import { useTranslation } from 'react-i18next';
import { AlarmClock, ArrowUpCircle, CalendarClock, CirclePause, type LucideIcon } from 'lucide-react';
import { calendarDaysBetween, formatDate, isDueSoon, businessToday, type Application } from '@portal/contract';
import { cn } from '../ui/cn';

type ClockFields = Pick<Application, 'stage_due_on' | 'overdue' | 'clock_paused'> &
  Partial<Pick<Application, 'waiting_on'>>;
type ClockState = 'overdue' | 'soon' | 'later' | 'paused' | 'none';

export function clockState(clock: ClockFields, today: string = businessToday()): ClockState {
  if (clock.clock_paused) return 'paused';
  if (!clock.stage_due_on) return 'none';
  if (clock.overdue || clock.stage_due_on < today) return 'overdue';
  return isDueSoon(clock.stage_due_on, today) ? 'soon' : 'later';
}

// 800-on-100 pairs: above 4.5:1 contrast, and never colour alone: the words say the same.
const TONES: Record<ClockState, string> = {
  overdue: 'bg-red-100 text-red-800 ring-red-700/30',
  soon: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  later: 'bg-green-100 text-green-800 ring-green-700/30',
  paused: 'bg-slate-100 text-slate-800 ring-slate-700/30',
  none: 'bg-slate-50 text-slate-700 ring-slate-700/20',
};

const ICONS: Record<ClockState, LucideIcon> = {
  overdue: AlarmClock,
  soon: CalendarClock,
  later: CalendarClock,
  paused: CirclePause,
  none: CalendarClock,
};

export interface ClockBadgeProps {
  clock: ClockFields;
  /** Today as YYYY-MM-DD in the business calendar (default: now). */
  today?: string;
  className?: string;
}

export function ClockBadge({ clock, today = businessToday(), className }: ClockBadgeProps) {
  const { t } = useTranslation('clock');
  const state = clockState(clock, today);
  const due = clock.stage_due_on;
  let words: string;
  // Paused and waiting on officers: the query lapsed unanswered (reject, or extend its date once).
  if (state === 'paused')
    words = t(clock.waiting_on && clock.waiting_on !== 'entrepreneur' ? 'pausedLapsed' : 'paused');
  else if (state === 'none' || !due) words = t('none');
  else if (state === 'overdue') words = t('overdue', { count: Math.max(1, calendarDaysBetween(due, today)) });
  else if (due === today) words = t('dueToday');
  else words = t('due', { date: formatDate(due) });
  const Icon = ICONS[state];
  return (
    <span
      data-clock={state}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[state],
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {words}
    </span>
  );
}

/** The level a late stage was escalated to (decision 017): "Escalated to head office"; nothing when it was not. */
export function EscalatedBadge({ to, className }: { to: Application['escalated_to']; className?: string }) {
  const { t } = useTranslation('clock');
  if (!to) return null;
  const words = to === 'ho' ? t('escalated_ho') : to === 'admin' ? t('escalated_admin') : t('escalated');
  return (
    <span
      data-escalated={to}
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-900 ring-1 ring-inset ring-purple-700/30',
        className,
      )}
    >
      <ArrowUpCircle aria-hidden="true" className="h-3.5 w-3.5" />
      {words}
    </span>
  );
}

/** How long the application has been in its stage, in working days (the clock's own count, pauses left out). */
export function DaysInStage({ days }: { days: number }) {
  const { t } = useTranslation('clock');
  return <span className="tabular-nums">{t('daysInStage', { count: days })}</span>;
}
