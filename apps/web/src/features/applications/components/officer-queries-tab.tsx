/** Queries: every query on the application, newest first, with the applicant's answer; an answered one can be
 * closed by an officer who may raise queries. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDate, formatDateTime, type ApplicationQuery, type QueryStatus } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge, type StatusBadgeTone } from '../../../components/ui/status-badge';
import { useCloseQuery } from '../api/officer-case-work';
import { actionFailed } from '../lib/action-toasts';

const TONES: Record<QueryStatus, StatusBadgeTone> = { open: 'amber', answered: 'blue', closed: 'grey' };

export function QueriesTab({ queries, mayClose }: { queries: QueryLike<ApplicationQuery[]>; mayClose: boolean }) {
  const { t } = useTranslation('officer-applications');
  const close = useCloseQuery();
  const [closing, setClosing] = useState<string>();

  const closeQuery = (query: ApplicationQuery) => {
    setClosing(query.id);
    close.mutate(query.id, {
      onSuccess: () => toast.success(t('queries.closed')),
      onError: (error) => actionFailed(t('queries.closeFailed'), error),
      onSettled: () => setClosing(undefined),
    });
  };

  return (
    <QueryState query={queries} empty={<EmptyState message={t('queries.empty')} />}>
      {(list) => (
        <ul aria-label={t('queries.caption')} className="space-y-4">
          {list.map((query) => (
            <li key={query.id}>
              <Card>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={t(`queries.statuses.${query.status}`)} tone={TONES[query.status]} />
                    <span className="text-sm text-slate-600">
                      {t('queries.raisedBy', { name: query.raised_by_name, date: formatDate(query.raised_at) })}
                    </span>
                  </div>
                  {mayClose && query.status === 'answered' && (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('queries.closeLabel', { date: formatDate(query.raised_at) })}
                      busy={closing === query.id}
                      busyText={t('queries.closing')}
                      disabled={closing !== undefined}
                      onClick={() => closeQuery(query)}
                    >
                      {t('queries.close')}
                    </Button>
                  )}
                </div>
                <p className="mt-2 whitespace-pre-line text-slate-900">{query.message}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {t('queries.respondBy', { date: formatDate(query.respond_by) })}
                </p>
                {query.response ? (
                  <div className="mt-3 border-l-4 border-brand-200 pl-3">
                    <p className="text-sm text-slate-600">
                      {t('queries.answeredOn', { date: formatDateTime(query.responded_at) })}
                    </p>
                    <p className="whitespace-pre-line text-slate-800">{query.response}</p>
                  </div>
                ) : (
                  <p className="mt-3 text-sm text-slate-600">
                    {query.status === 'open' ? t('queries.waiting') : t('queries.noAnswer')}
                  </p>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
