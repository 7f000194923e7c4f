/** Timeline: latest first; each entry the action, the role or SYSTEM, details, the user and the time. */
import { useTranslation } from 'react-i18next';
import { formatDateTime, type TimelineEvent } from '@portal/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';

export function TimelineTab({ timeline }: { timeline: QueryLike<TimelineEvent[]> }) {
  const { t } = useTranslation('officer-applications');
  return (
    <QueryState query={timeline} empty={<EmptyState message={t('timeline.empty')} />}>
      {(events) => (
        <ol aria-label={t('timeline.caption')} className="relative space-y-4 border-l-2 border-brand-200 pl-6">
          {events.map((event) => (
            <li key={event.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold text-slate-900">{event.action}</p>
                <time dateTime={event.timestamp} className="text-sm text-slate-600">
                  {formatDateTime(event.timestamp)}
                </time>
              </div>
              {event.details && <p className="mt-1 text-slate-800">{event.details}</p>}
              <p className="mt-1 text-sm text-slate-600">
                {event.user_role === 'SYSTEM'
                  ? t('timeline.system')
                  : t('timeline.by', {
                      name: event.user_name,
                      role: t(`roles.${event.user_role}`, { defaultValue: event.user_role.replace(/_/g, ' ') }),
                    })}
              </p>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}
