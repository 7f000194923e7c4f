/** Timeline: latest first; each entry what happened (through the timeline catalogue), the role or SYSTEM, the user
 * and the time; entries only officers see are marked Internal. */
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { formatDateTime, type TimelineEvent } from '@portal/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { cn } from '../../../components/ui/cn';
import { useTimelineText } from '../lib/officer-timeline-text';

export function TimelineTab({ timeline }: { timeline: QueryLike<TimelineEvent[]> }) {
  const { t } = useTranslation('officer-applications');
  const textOf = useTimelineText();
  return (
    <QueryState query={timeline} empty={<EmptyState message={t('timeline.empty')} />}>
      {(events) => (
        <ol aria-label={t('timeline.caption')} className="relative space-y-4 border-l-2 border-brand-200 pl-6">
          {events.map((event) => {
            const { title, details } = textOf(event);
            return (
              <li
                key={event.id}
                className={cn(
                  'rounded-lg border bg-white p-4 shadow-sm',
                  event.internal ? 'border-dashed border-slate-400 bg-slate-50' : 'border-slate-200',
                )}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                    {title}
                    {event.internal && (
                      <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                        <Lock aria-hidden="true" className="h-3 w-3" />
                        {t('timeline.internal')}
                      </span>
                    )}
                  </p>
                  <time dateTime={event.timestamp} className="text-sm text-slate-600">
                    {formatDateTime(event.timestamp)}
                  </time>
                </div>
                {details && <p className="mt-1 text-slate-800">{details}</p>}
                <p className="mt-1 text-sm text-slate-600">
                  {event.user_role === 'SYSTEM'
                    ? t('timeline.system')
                    : t('timeline.by', {
                        name: event.user_name,
                        role: t(`roles.${event.user_role}`, { defaultValue: event.user_role.replace(/_/g, ' ') }),
                      })}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </QueryState>
  );
}
