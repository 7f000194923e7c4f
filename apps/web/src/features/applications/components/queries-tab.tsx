/** Queries: the open query an officer raised, with its reply-by date and the answer form; then earlier queries with
 * their answers. The answer goes to POST /queries/{id}/response. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import {
  formatDate,
  formatDateTime,
  QUERY_MESSAGE_MAX,
  type ApplicationQuery,
  type QueryStatus,
} from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { QueryState, type QueryLike } from '../../../components/ui/query-state';
import { StatusBadge, type StatusBadgeTone } from '../../../components/ui/status-badge';
import { errorDetail } from '../../../lib/api-client';
import { useAnswerQuery } from '../api/case-work';

const QUERY_TONES: Record<QueryStatus, StatusBadgeTone> = { open: 'amber', answered: 'blue', closed: 'grey' };

export function answerFieldId(query: Pick<ApplicationQuery, 'id'>): string {
  return `query-answer-${query.id}`;
}

export function QueriesTab({
  applicationId,
  queries,
  focusKey,
}: {
  applicationId: string;
  queries: QueryLike<ApplicationQuery[]>;
  /** Changes when the "Answer query" action sends the user here: the first answer box takes focus. */
  focusKey?: number;
}) {
  const { t } = useTranslation('applications');
  return (
    <QueryState
      query={queries}
      empty={
        <Card>
          <EmptyState message={t('detail.queries.empty')} />
        </Card>
      }
    >
      {(list) => {
        const open = list.filter((query) => query.status === 'open');
        const earlier = list.filter((query) => query.status !== 'open');
        return (
          <div className="space-y-4">
            {open.map((query, index) => (
              <OpenQuery
                key={query.id}
                applicationId={applicationId}
                query={query}
                focusKey={index === 0 ? focusKey : undefined}
              />
            ))}
            {earlier.length > 0 && (
              <Card title={t('detail.queries.earlier')}>
                <ul className="space-y-4">
                  {earlier.map((query) => (
                    <li key={query.id} className="border-b border-slate-200 pb-4 last:border-b-0 last:pb-0">
                      <QueryHeader query={query} />
                      <p className="mt-1 whitespace-pre-line text-slate-900">{query.message}</p>
                      {query.response ? (
                        <div className="mt-2 border-l-4 border-brand-200 pl-3">
                          <p className="text-sm text-slate-600">
                            {t('detail.queries.answeredOn', { date: formatDateTime(query.responded_at) })}
                          </p>
                          <p className="whitespace-pre-line text-slate-800">{query.response}</p>
                        </div>
                      ) : (
                        <p className="mt-2 text-sm text-slate-600">{t('detail.queries.noAnswer')}</p>
                      )}
                    </li>
                  ))}
                </ul>
              </Card>
            )}
          </div>
        );
      }}
    </QueryState>
  );
}

function QueryHeader({ query }: { query: ApplicationQuery }) {
  const { t } = useTranslation('applications');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <StatusBadge status={t(`detail.queries.statuses.${query.status}`)} tone={QUERY_TONES[query.status]} />
      <span className="text-sm text-slate-600">
        {t('detail.queries.raisedBy', { name: query.raised_by_name, date: formatDate(query.raised_at) })}
      </span>
    </div>
  );
}

function OpenQuery({
  applicationId,
  query,
  focusKey,
}: {
  applicationId: string;
  query: ApplicationQuery;
  focusKey?: number;
}) {
  const { t } = useTranslation('applications');
  const answer = useAnswerQuery(applicationId);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const box = useRef<HTMLTextAreaElement>(null);
  const fieldId = answerFieldId(query);

  useEffect(() => {
    if (focusKey) box.current?.focus();
  }, [focusKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.isPending) return;
    if (!message.trim()) {
      setError(t('detail.queries.answerRequired'));
      box.current?.focus();
      return;
    }
    setError(undefined);
    // Not mutate's own callbacks: the answered query's form unmounts when the list refreshes, and they would not run.
    answer.mutateAsync({ queryId: query.id, message: message.trim() }).then(
      () => {
        setMessage('');
        toast.success(t('detail.queries.answered'));
      },
      (failure: unknown) => setError(errorDetail(failure, t('detail.queries.answerFailed'))),
    );
  };

  return (
    <Card title={t('detail.queries.openTitle')} className="border-l-4 border-l-amber-600">
      <QueryHeader query={query} />
      <p className="mt-2 whitespace-pre-line text-slate-900">{query.message}</p>
      <p className="mt-2 font-medium text-slate-900">
        {t('detail.queries.replyBy', { date: formatDate(query.respond_by) })}
      </p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        <Field id={fieldId} label={t('detail.queries.answerLabel')} error={error}>
          <Textarea
            ref={box}
            value={message}
            maxLength={QUERY_MESSAGE_MAX}
            rows={5}
            onChange={(event) => setMessage(event.target.value)}
          />
        </Field>
        <Button
          type="submit"
          icon={<Send aria-hidden="true" className="h-4 w-4" />}
          busy={answer.isPending}
          busyText={t('detail.queries.sending')}
        >
          {t('detail.queries.send')}
        </Button>
      </form>
    </Card>
  );
}
