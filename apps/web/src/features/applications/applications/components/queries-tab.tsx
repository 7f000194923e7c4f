/** Queries: what officers asked the applicant, and the answers. The applicant answers an open query here (the form
 * goes to POST /queries/{id}/response) by its reply-by date, and sees earlier ones below it; a query whose date passed
 * with no answer has lapsed and takes no answer. Staff see every query, newest first; a role that may raise queries
 * closes an answered one and extends a lapsed one's date, once. */
import { useEffect, useState, type ReactNode } from 'react';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import {
  businessToday,
  calendarDaysBetween,
  can,
  formatDate,
  formatDateTime,
  QUERY_MESSAGE_MAX,
  queryResponseRequestSchema,
  type ApplicationQuery,
  type Role,
} from '@portal/contract';
import { FormField, SchemaFormElement, useSchemaForm } from '../../../../components/form/schema-form';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Textarea } from '../../../../components/ui/input';
import { QueryState, type QueryLike } from '../../../../components/ui/query-state';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { errorDetail } from '../../../../lib/api-client';
import { useAnswerQuery, useCloseQuery } from '../api/case-work';
import { actionFailed } from '../lib/action-toasts';
import { isStaff, useViewerText, type ViewerText } from '../lib/viewer';
import { ExtendQueryDialog } from './extend-query-dialog';
import { QUERY_TONES } from './status-tones';

export interface QueriesTabProps {
  applicationId: string;
  /** The viewer's role: the applicant answers, staff read (and may close). */
  role: Role;
  queries: QueryLike<ApplicationQuery[]>;
  /** Changes when the "Answer query" action sends the applicant here: the first answer box takes focus. */
  focusKey?: number;
}

export function QueriesTab({ applicationId, role, queries, focusKey }: QueriesTabProps) {
  const t = useViewerText(role);
  const staff = isStaff(role);
  return (
    <QueryState
      query={queries}
      empty={
        <Card>
          <EmptyState message={t('detail.queries.empty')} />
        </Card>
      }
    >
      {(list) =>
        staff ? (
          <StaffQueries applicationId={applicationId} role={role} queries={list} />
        ) : (
          <ApplicantQueries applicationId={applicationId} role={role} queries={list} focusKey={focusKey} />
        )
      }
    </QueryState>
  );
}

/** The open queries, each with its answer form, then the earlier ones. */
function ApplicantQueries({
  applicationId,
  role,
  queries,
  focusKey,
}: {
  applicationId: string;
  role: Role;
  queries: ApplicationQuery[];
  focusKey?: number;
}) {
  const t = useViewerText(role);
  const open = queries.filter((query) => query.status === 'open' && !query.lapsed);
  const lapsed = queries.filter((query) => query.status === 'open' && query.lapsed);
  const earlier = queries.filter((query) => query.status !== 'open');
  return (
    <div className="space-y-4">
      {lapsed.map((query) => (
        <Card key={query.id} className="border-l-4 border-l-red-700">
          <QueryEntry query={query} t={t} showReplyBy />
        </Card>
      ))}
      {open.map((query, index) => (
        <OpenQuery
          key={query.id}
          applicationId={applicationId}
          role={role}
          query={query}
          focusKey={index === 0 ? focusKey : undefined}
        />
      ))}
      {earlier.length > 0 && (
        <Card title={t('detail.queries.earlier')}>
          <ul className="space-y-4">
            {earlier.map((query) => (
              <li key={query.id} className="border-b border-slate-200 pb-4 last:border-b-0 last:pb-0">
                <QueryEntry query={query} t={t} />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

/** Every query as a card; Close on an answered one for a role that may raise queries. */
function StaffQueries({
  applicationId,
  role,
  queries,
}: {
  applicationId: string;
  role: Role;
  queries: ApplicationQuery[];
}) {
  const t = useViewerText(role);
  const close = useCloseQuery(applicationId);
  const [closing, setClosing] = useState<string>();
  const [extending, setExtending] = useState<ApplicationQuery>();
  const mayClose = can(role, 'update:application:status');

  const closeQuery = (query: ApplicationQuery) => {
    setClosing(query.id);
    close.mutate(query.id, {
      onSuccess: () => toast.success(t('detail.queries.closed')),
      onError: (error) => actionFailed(t('detail.queries.closeFailed'), error),
      onSettled: () => setClosing(undefined),
    });
  };

  return (
    <>
      <ul aria-label={t('detail.queries.caption')} className="space-y-4">
        {queries.map((query) => (
          <li key={query.id}>
            <Card>
              <QueryEntry
                query={query}
                t={t}
                showReplyBy
                action={
                  mayClose && query.status === 'open' && query.lapsed && !query.extended ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={t('detail.queries.extendLabel', { date: formatDate(query.raised_at) })}
                      onClick={() => setExtending(query)}
                    >
                      {t('detail.queries.extend')}
                    </Button>
                  ) : (
                    mayClose &&
                    query.status === 'answered' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t('detail.queries.closeLabel', { date: formatDate(query.raised_at) })}
                        busy={closing === query.id}
                        busyText={t('detail.queries.closing')}
                        disabled={closing !== undefined}
                        onClick={() => closeQuery(query)}
                      >
                        {t('detail.queries.close')}
                      </Button>
                    )
                  )
                }
              />
            </Card>
          </li>
        ))}
      </ul>
      <ExtendQueryDialog applicationId={applicationId} query={extending} onClose={() => setExtending(undefined)} />
    </>
  );
}

/** One query: its state and who raised it when, the message, and the answer (or why there is none). */
function QueryEntry({
  query,
  t,
  showReplyBy = false,
  action,
}: {
  query: ApplicationQuery;
  t: ViewerText;
  showReplyBy?: boolean;
  action?: ReactNode;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <QueryHeader query={query} t={t} />
        {action}
      </div>
      <p className="mt-2 whitespace-pre-line text-slate-900">{query.message}</p>
      {showReplyBy && (
        <p className="mt-1 text-sm text-slate-700">
          {t('detail.queries.replyBy', { date: formatDate(query.respond_by) })}
        </p>
      )}
      {query.extended && query.original_respond_by && (
        <p className="mt-1 text-sm text-slate-700">
          {t('detail.queries.extendedFrom', { date: formatDate(query.original_respond_by) })}
        </p>
      )}
      {query.response ? (
        <div className="mt-3 border-l-4 border-brand-200 pl-3">
          <p className="text-sm text-slate-600">
            {t('detail.queries.answeredOn', { date: formatDateTime(query.responded_at) })}
          </p>
          <p className="whitespace-pre-line text-slate-800">{query.response}</p>
        </div>
      ) : query.status === 'open' && query.lapsed ? (
        <p className="mt-3 font-medium text-red-800">
          {t('detail.queries.lapsedOn', { date: formatDate(query.lapsed_at) })}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {query.status === 'open' ? t('detail.queries.waiting') : t('detail.queries.noAnswer')}
        </p>
      )}
    </>
  );
}

function QueryHeader({ query, t }: { query: ApplicationQuery; t: ViewerText }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {query.status === 'open' && query.lapsed ? (
        <StatusBadge status={t('detail.queries.statuses.lapsed')} tone="red" />
      ) : (
        <StatusBadge status={t(`detail.queries.statuses.${query.status}`)} tone={QUERY_TONES[query.status]} />
      )}
      <span className="text-sm text-slate-600">
        {t('detail.queries.raisedBy', { name: query.raised_by_name, date: formatDate(query.raised_at) })}
      </span>
    </div>
  );
}

/** An open query with its reply-by date and the applicant's answer form. */
function OpenQuery({
  applicationId,
  role,
  query,
  focusKey,
}: {
  applicationId: string;
  role: Role;
  query: ApplicationQuery;
  focusKey?: number;
}) {
  const t = useViewerText(role);
  const answer = useAnswerQuery(applicationId);
  const [refusal, setRefusal] = useState<string>();
  const form = useSchemaForm({
    schema: queryResponseRequestSchema,
    defaultValues: { message: '' },
    messages: 'applications:detail.queries.errors',
    idPrefix: `query-answer-${query.id}-`,
  });
  const { setFocus } = form;

  useEffect(() => {
    if (focusKey) setFocus('message');
  }, [focusKey, setFocus]);

  return (
    <Card title={t('detail.queries.openTitle')} className="border-l-4 border-l-amber-600">
      <QueryHeader query={query} t={t} />
      <p className="mt-2 whitespace-pre-line text-slate-900">{query.message}</p>
      <p className="mt-2 font-medium text-slate-900">
        {t('detail.queries.replyBy', { date: formatDate(query.respond_by) })}{' '}
        <span className="font-normal text-slate-700">
          ({t('detail.queries.dueIn', { count: Math.max(0, calendarDaysBetween(businessToday(), query.respond_by)) })})
        </span>
      </p>
      {query.extended && query.original_respond_by && (
        <p className="mt-1 text-sm text-slate-700">
          {t('detail.queries.extendedFrom', { date: formatDate(query.original_respond_by) })}
        </p>
      )}
      <div className="mt-4">
        <SchemaFormElement
          form={form}
          refusal={refusal}
          className="space-y-3"
          onValid={({ message }) => {
            if (answer.isPending) return;
            setRefusal(undefined);
            // Not mutate's own callbacks: the answered query's form unmounts when the list refreshes, and they
            // would not run.
            answer.mutateAsync({ queryId: query.id, message }).then(
              () => {
                form.reset();
                toast.success(t('detail.queries.answered'));
              },
              (failure: unknown) => setRefusal(errorDetail(failure, t('detail.queries.answerFailed'))),
            );
          }}
        >
          <FormField form={form} name="message" label={t('detail.queries.answerLabel')}>
            <Textarea maxLength={QUERY_MESSAGE_MAX} rows={5} {...form.register('message')} />
          </FormField>
          <Button
            type="submit"
            icon={<Send aria-hidden="true" className="h-4 w-4" />}
            busy={answer.isPending}
            busyText={t('detail.queries.sending')}
          >
            {t('detail.queries.send')}
          </Button>
        </SchemaFormElement>
      </div>
    </Card>
  );
}
