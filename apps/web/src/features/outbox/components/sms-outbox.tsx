/** The Outbox screen's SMS part (decision 037): the provider, how many wait or failed, the segments sent per day (the
 * cost), and every SMS a page at a time with its delivery as the provider reported it. Its list keeps its own
 * parameters in the URL (`sms_` before each), beside the mail list's. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  businessToday,
  formatDate,
  formatDateTime,
  formatNumber,
  SMS_OUTBOX_LIST,
  SMS_STATUSES,
  SMS_TEMPLATE_CODES,
  type SmsMessage,
  type SmsStatus,
  type SmsSummary,
} from '@portal/contract';
import { ChoiceFilter } from '../../../components/choice-filter';
import { ListToolbar } from '../../../components/list-toolbar';
import { useSortChange } from '../../../components/list/use-sort-change';
import { PagedList } from '../../../components/paged-list';
import { cn } from '../../../components/ui/cn';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { StatCard } from '../../../components/ui/stat-card';
import { ALL_CHOICE, useListParams } from '../../../lib/use-list-params';
import { useSmsPage, useSmsSummary } from '../api/sms-outbox';

const TONES: Record<SmsStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-700/30',
  sending: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  submitted: 'bg-blue-100 text-blue-800 ring-blue-700/30',
  delivered: 'bg-green-100 text-green-800 ring-green-700/30',
  undelivered: 'bg-red-100 text-red-800 ring-red-700/30',
  failed: 'bg-red-100 text-red-800 ring-red-700/30',
};

function SmsStatusBadge({ status }: { status: SmsStatus }) {
  const { t } = useTranslation('outbox');
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONES[status],
      )}
    >
      {t(`sms.statuses.${status}`)}
    </span>
  );
}

function SmsFigures({ summary }: { summary: SmsSummary }) {
  const { t } = useTranslation('outbox');
  const today = summary.segments_by_day.find((day) => day.day === businessToday());
  return (
    <>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <li className="col-span-2">
          <StatCard
            label={t('sms.provider')}
            value={<span className="text-lg">{t(`sms.providers.${summary.provider}`)}</span>}
          />
        </li>
        <li>
          <StatCard label={t('sms.pending')} value={formatNumber(summary.pending)} />
        </li>
        <li>
          <StatCard label={t('sms.failed')} value={formatNumber(summary.failed)} />
        </li>
        <li>
          <StatCard label={t('sms.segmentsToday')} value={formatNumber(today?.segments ?? 0)} />
        </li>
      </ul>
      {summary.sandbox_url && (
        <p className="mt-3">
          <a
            href={summary.sandbox_url}
            className="font-medium text-brand-700 underline underline-offset-2"
            target="_blank"
            rel="noreferrer"
          >
            {t('sms.sandbox')}
          </a>
        </p>
      )}
      {summary.segments_by_day.length === 0 ? (
        <p className="mt-4 text-slate-700">{t('sms.noDays')}</p>
      ) : (
        <table className="mt-4 w-full max-w-lg text-left">
          <caption className="mb-2 text-left font-semibold text-slate-900">{t('sms.byDayCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 pr-4">
                {t('sms.day')}
              </th>
              <th scope="col" className="py-1 pr-4 text-right">
                {t('sms.messages')}
              </th>
              <th scope="col" className="py-1 text-right">
                {t('sms.segments')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.segments_by_day.map((day) => (
              <tr key={day.day} className="border-b border-slate-200">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {formatDate(day.day)}
                </th>
                <td className="py-1 pr-4 text-right tabular-nums">{formatNumber(day.messages)}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(day.segments)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

const SmsTable = memo(function SmsTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: SmsMessage[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('outbox');
  const columns: Column<SmsMessage>[] = [
    {
      key: 'created',
      header: t('sms.columns.created'),
      sortBy: 'created_at',
      sortDescendingFirst: true,
      wrap: true,
      cell: (message) => formatDateTime(message.created_at),
    },
    { key: 'recipient', header: t('sms.columns.recipient'), cell: (message) => message.to_mobile },
    {
      key: 'template',
      header: t('sms.columns.template'),
      wrap: true,
      cell: (message) => (
        <>
          <span>{t(`sms.templates.${message.template}`)}</span>
          <span className="block text-xs text-slate-600">{t(`languages.${message.language}`)}</span>
        </>
      ),
    },
    { key: 'status', header: t('sms.columns.status'), cell: (message) => <SmsStatusBadge status={message.status} /> },
    {
      key: 'segments',
      header: t('sms.columns.segments'),
      numeric: true,
      cell: (message) => (
        <>
          {formatNumber(message.segments)}
          <span className="block text-xs text-slate-600">
            {message.unicode ? t('sms.encoding.unicode') : t('sms.encoding.gsm')}
          </span>
        </>
      ),
    },
    {
      key: 'attempts',
      header: t('sms.columns.attempts'),
      numeric: true,
      cell: (message) => formatNumber(message.attempts),
    },
    {
      key: 'detail',
      header: t('sms.columns.detail'),
      wrap: true,
      cell: (message) => (
        <span className="block max-w-xs min-w-[10rem] break-words">
          {/* The provider's words for what went wrong, as the mail outbox shows the mail server's. */}
          {message.status === 'delivered' ? t('none') : (message.delivery_cause ?? message.last_error ?? t('none'))}
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('sms.caption')}
      columns={columns}
      rows={rows}
      rowKey={smsKey}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

const smsKey = (message: SmsMessage) => message.id;

export function SmsOutbox() {
  const { t } = useTranslation('outbox');
  const list = useListParams(SMS_OUTBOX_LIST, { prefix: 'sms_' });
  const sortBy = useSortChange(list.setSort);
  const messages = useSmsPage(list.query);
  const summary = useSmsSummary();
  return (
    <section aria-labelledby="sms-outbox-title" className="mt-10">
      <h2 id="sms-outbox-title" className="text-xl font-semibold text-slate-900">
        {t('sms.title')}
      </h2>
      <p className="mb-4 text-slate-700">{t('sms.intro')}</p>
      <div className="mb-6">
        <QueryState query={summary} errorMessage={t('sms.loadFailed')}>
          {(figures) => <SmsFigures summary={figures} />}
        </QueryState>
      </div>
      <ListToolbar
        searchId="sms-search"
        statusId="sms-status-filter"
        searchLabel={t('sms.filters.search')}
        searchPlaceholder={t('sms.filters.searchPlaceholder')}
        statusLabel={t('sms.filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('status', SMS_STATUSES)}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('sms.filters.allStatuses') },
          ...SMS_STATUSES.map((value) => ({ value, label: t(`sms.statuses.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="sms-template-filter"
          label={t('sms.filters.template')}
          allLabel={t('sms.filters.allTemplates')}
          value={list.choice('template', SMS_TEMPLATE_CODES)}
          choices={SMS_TEMPLATE_CODES}
          labelOf={(template) => t(`sms.templates.${template}`)}
          onChange={(value) => list.setChoice('template', value)}
        />
      </ListToolbar>
      <PagedList
        query={messages}
        list={list}
        errorMessage={t('sms.loadFailed')}
        emptyMessage={list.isFiltered ? t('sms.filters.empty') : t('sms.filters.emptyAll')}
        clearFiltersLabel={t('sms.filters.clear')}
      >
        {(items) => <SmsTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </section>
  );
}
