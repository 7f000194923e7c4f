/** One entry of a timeline as every screen shows it (an application's timeline, a plot's history): what happened in
 * the reader's words, the marks beside it (internal, who), when, its details, and whatever the screen adds below. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type TimelineEvent } from '@portal/contract';
import { cn } from '../ui/cn';
import { StatusBadge } from '../ui/status-badge';
import { useTimelineText } from './timeline-text';

/** The role that made an entry, in the reader's words (SYSTEM as the system). */
export function useTimelineRole(): (event: TimelineEvent) => string {
  const { t } = useTranslation('applications');
  return (event) =>
    event.user_role === 'SYSTEM'
      ? t('detail.timeline.system')
      : t(`roles.${event.user_role}`, { defaultValue: event.user_role.replace(/_/g, ' ') });
}

/** The role as a grey badge beside the title, as the applicant and a plot's history show it. */
export function TimelineRoleBadge({ event }: { event: TimelineEvent }) {
  const roleOf = useTimelineRole();
  return <StatusBadge status={roleOf(event)} tone="grey" />;
}

export function TimelineEntry({
  event,
  marks,
  internal = false,
  compact = false,
  children,
}: {
  event: TimelineEvent;
  /** Shown beside the title. */
  marks?: ReactNode;
  /** Kept from the applicant: drawn dashed on grey. */
  internal?: boolean;
  /** The tighter card of a history under a disclosure. */
  compact?: boolean;
  /** Shown below the details. */
  children?: ReactNode;
}) {
  const { title, details } = useTimelineText()(event);
  return (
    <li
      className={cn(
        'rounded-lg border bg-white shadow-sm',
        compact ? 'p-3' : 'p-4',
        internal ? 'border-dashed border-slate-400 bg-slate-50' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
          <span>{title}</span>
          {marks}
        </p>
        <time dateTime={event.timestamp} className="text-sm text-slate-600">
          {formatDateTime(event.timestamp)}
        </time>
      </div>
      {details && <p className="mt-1 text-slate-800">{details}</p>}
      {children}
    </li>
  );
}
