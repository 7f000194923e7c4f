/** The single window's outbox (finance, admin): every status the portal pushes to the state's single window, a page
 * at a time (by state, searched by CAF id or application number), with its attempts, last error and next attempt; a
 * failed one can be sent again (decision 036). */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  caseEventsOffered,
  formatDateTime,
  formatNumber,
  SINGLE_WINDOW_OUTBOX_LIST,
  SINGLE_WINDOW_PUSH_EVENTS,
  SINGLE_WINDOW_PUSH_STATES,
  type Role,
  type SingleWindowOutboxItem,
} from '@portal/contract';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { useAuth } from '../../../../lib/auth';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { useStatusPushPage } from '../api/status-pushes';
import { PushStateBadge } from '../components/push-state-badge';
import { RetryPushDialog } from '../components/retry-push-dialog';

/** The table of one page, kept while its rows and sort are the same. */
const PushTable = memo(function PushTable({
  rows,
  role,
  sort,
  onSortChange,
}: {
  rows: SingleWindowOutboxItem[];
  role: Role;
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('status-pushes');
  const when = (value: string | null) => (value ? formatDateTime(value) : t('none'));
  const columns: Column<SingleWindowOutboxItem>[] = [
    {
      key: 'created',
      header: t('columns.created'),
      sortBy: 'created_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (push) => formatDateTime(push.created_at),
    },
    {
      key: 'caf',
      header: t('columns.caf'),
      wrap: true,
      cell: (push) => (
        <>
          <span className="break-all font-medium">{push.caf_id}</span>
          <span className="block text-xs text-slate-600">{push.application_number}</span>
        </>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      wrap: true,
      cell: (push) =>
        t('codeInOrder', { status: t(`codes.${push.status_code}`), sequence: formatNumber(push.sequence) }),
    },
    { key: 'state', header: t('columns.state'), cell: (push) => <PushStateBadge state={push.state} /> },
    { key: 'attempts', header: t('columns.attempts'), numeric: true, cell: (push) => formatNumber(push.attempts) },
    {
      key: 'lastError',
      header: t('columns.lastError'),
      wrap: true,
      cell: (push) => <span className="block max-w-xs min-w-[10rem] break-words">{push.last_error ?? t('none')}</span>,
    },
    { key: 'nextAttempt', header: t('columns.nextAttempt'), wrap: true, cell: (push) => when(push.next_attempt_at) },
    { key: 'sent', header: t('columns.sent'), wrap: true, cell: (push) => when(push.sent_at) },
    {
      key: 'actions',
      header: t('columns.actions'),
      card: 'actions',
      // The events the push's table offers the reader now: a failed push's retry.
      cell: (push) =>
        caseEventsOffered(SINGLE_WINDOW_PUSH_EVENTS, push.state, { role }).includes('retry') ? (
          <RetryPushDialog push={push} />
        ) : null,
    },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={pushKey}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const pushKey = (push: SingleWindowOutboxItem) => push.id;

export default function StatusPushesPage() {
  const { t } = useTranslation('status-pushes');
  const { user } = useAuth();
  const list = useListParams(SINGLE_WINDOW_OUTBOX_LIST);
  const sortBy = useSortChange(list.setSort);
  const pushes = useStatusPushPage(list.query);

  useFailureToast(pushes.isError, t('loadFailed'), 'status-pushes-load-failed');

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <ListToolbar
        searchId="status-push-search"
        statusId="status-push-state-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        statusLabel={t('filters.state')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('state', SINGLE_WINDOW_PUSH_STATES)}
        onStatusChange={(value) => list.setChoice('state', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStates') },
          ...SINGLE_WINDOW_PUSH_STATES.map((value) => ({ value, label: t(`states.${value}`) })),
        ]}
      />
      <PagedList
        query={pushes}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : t('filters.emptyAll')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => user && <PushTable rows={items} role={user.role} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </>
  );
}
