/** The Outbox screen (admin): whether mail is being sent at all, how many messages wait, failed or went out in the
 * last day, and every message a page at a time (by status and mail, searched by recipient) with its attempts, last
 * error and next attempt; a failed one can be sent again. Below it, the SMS outbox (components/sms-outbox.tsx). */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import {
  formatDateTime,
  formatNumber,
  MAIL_STATUSES,
  MAIL_TEMPLATES,
  OUTBOX_LIST,
  type OutboxMessage,
  type OutboxSummary,
} from '@portal/contract';
import { ChoiceFilter } from '../../../components/choice-filter';
import { ListToolbar } from '../../../components/list-toolbar';
import { useSortChange } from '../../../components/list/use-sort-change';
import { PagedList } from '../../../components/paged-list';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../lib/use-list-params';
import { useOutboxPage, useOutboxSummary } from '../api/outbox';
import { MailStatusBadge } from '../components/mail-status-badge';
import { RetryDialog } from '../components/retry-dialog';
import { SmsOutbox } from '../components/sms-outbox';

function SummaryCards({ summary }: { summary: OutboxSummary }) {
  const { t } = useTranslation('outbox');
  return (
    <>
      {!summary.smtp_configured && (
        <p className="mb-4 flex items-start gap-3 rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 font-medium text-amber-950">
          <AlertTriangle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
          {t('summary.smtpWarning')}
        </p>
      )}
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <li>
          <StatCard
            label={t('summary.smtp')}
            value={
              <span className="text-2xl">
                {summary.smtp_configured ? t('summary.smtpConfigured') : t('summary.smtpNotConfigured')}
              </span>
            }
          />
        </li>
        <li>
          <StatCard label={t('summary.pending')} value={formatNumber(summary.pending)} />
        </li>
        <li>
          <StatCard label={t('summary.failed')} value={formatNumber(summary.failed)} />
        </li>
        <li>
          <StatCard label={t('summary.sentLast24h')} value={formatNumber(summary.sent_last_24h)} />
        </li>
      </ul>
    </>
  );
}

/** The table of one page. Kept while its rows and sort are the same: each key typed into the search draws the page
 * again, and every row drawn again per key cost most of a frame. */
const OutboxTable = memo(function OutboxTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: OutboxMessage[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('outbox');
  const when = (value: string | null) => (value ? formatDateTime(value) : t('none'));
  const columns: Column<OutboxMessage>[] = [
    {
      key: 'created',
      header: t('columns.created'),
      sortBy: 'created_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (message) => formatDateTime(message.created_at),
    },
    {
      key: 'recipient',
      header: t('columns.recipient'),
      wrap: true,
      cell: (message) => <span className="break-all">{message.to_email}</span>,
    },
    {
      key: 'template',
      header: t('columns.template'),
      wrap: true,
      cell: (message) => (
        <>
          <span>{t(`templates.${message.template}`)}</span>
          <span className="block text-xs text-slate-600">{t(`languages.${message.language}`)}</span>
        </>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (message) => <MailStatusBadge status={message.status} /> },
    {
      key: 'attempts',
      header: t('columns.attempts'),
      numeric: true,
      cell: (message) => formatNumber(message.attempts),
    },
    {
      key: 'lastError',
      header: t('columns.lastError'),
      wrap: true,
      cell: (message) => (
        <span className="block max-w-xs min-w-[10rem] break-words">{message.last_error ?? t('none')}</span>
      ),
    },
    {
      key: 'nextAttempt',
      header: t('columns.nextAttempt'),
      wrap: true,
      cell: (message) => (message.status === 'sent' ? t('none') : when(message.next_attempt_at)),
    },
    { key: 'sent', header: t('columns.sent'), wrap: true, cell: (message) => when(message.sent_at) },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      cell: (message) => (message.status === 'failed' ? <RetryDialog message={message} /> : null),
    },
  ];

  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={outboxTableKey}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const outboxTableKey = (message: OutboxMessage) => message.id;

export default function OutboxPage() {
  const { t } = useTranslation('outbox');
  const list = useListParams(OUTBOX_LIST);
  const sortBy = useSortChange(list.setSort);
  const messages = useOutboxPage(list.query);
  const summary = useOutboxSummary();

  useFailureToast(messages.isError, t('loadFailed'), 'outbox-load-failed');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <section aria-label={t('summary.label')} className="mb-6">
        <QueryState query={summary} errorMessage={t('summary.loadFailed')}>
          {(figures) => <SummaryCards summary={figures} />}
        </QueryState>
      </section>
      <ListToolbar
        searchId="outbox-search"
        statusId="outbox-status-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('status', MAIL_STATUSES)}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...MAIL_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="outbox-template-filter"
          label={t('filters.template')}
          allLabel={t('filters.allTemplates')}
          value={list.choice('template', MAIL_TEMPLATES)}
          choices={MAIL_TEMPLATES}
          labelOf={(template) => t(`templates.${template}`)}
          onChange={(value) => list.setChoice('template', value)}
        />
      </ListToolbar>
      <PagedList
        query={messages}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : t('filters.emptyAll')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <OutboxTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
      <SmsOutbox />
    </>
  );
}
