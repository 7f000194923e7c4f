/** Timeline: latest first; each entry what happened (through the timeline catalogue), the role or SYSTEM, who and
 * when. */
import { useTranslation } from 'react-i18next';
import { formatDateTime, type TimelineEvent } from '@portal/contract';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useTimelineText } from '../lib/timeline-text';

export function TimelineList({ events }: { events: TimelineEvent[] }) {
  const { t } = useTranslation('applications');
  const textOf = useTimelineText();
  return (
    <ol className="relative space-y-4 border-l-2 border-brand-200 pl-6">
      {events.map((event) => {
        const { title, details } = textOf(event);
        return (
          <li key={event.id} className="relative print-avoid-break">
            <span aria-hidden="true" className="absolute top-1.5 -left-[31px] h-3 w-3 rounded-full bg-brand-700" />
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-slate-900">{title}</span>
              <StatusBadge
                status={event.user_role === 'SYSTEM' ? t('detail.timeline.system') : event.user_role}
                tone="grey"
              />
            </div>
            {details && <p className="text-slate-700">{details}</p>}
            <p className="text-sm text-slate-600">
              {event.user_role === 'SYSTEM' ? null : `${t('detail.timeline.by', { name: event.user_name })} · `}
              <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}

export function TimelineTab({ timeline }: { timeline: QueryLike<TimelineEvent[]> }) {
  const { t } = useTranslation('applications');
  return (
    <Card>
      <QueryState query={timeline} empty={<EmptyState message={t('detail.timeline.empty')} />}>
        {(events) => <TimelineList events={events} />}
      </QueryState>
    </Card>
  );
}
