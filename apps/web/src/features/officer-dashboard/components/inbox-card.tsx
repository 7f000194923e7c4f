/** "Waiting on me": one page of the officer's inbox (what waits on their role with its clock running, or is assigned
 * to them), the oldest due date first, with filters (everything / assigned to me / overdue, status, zone) kept in the
 * URL. Each row shows the number, organisation, asset code, zone, status, days in the stage and the due date. While
 * the first page loads, grey rows of the same shape stand in for it. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ChevronRight } from 'lucide-react';
import {
  APPLICATION_LIFECYCLE,
  APPLICATION_LIST,
  APPLICATION_STATUSES,
  statusesFor,
  type ApplicationListItem,
} from '@portal/contract';
import { ChoiceFilter } from '../../../components/choice-filter';
import { ClockBadge, DaysInStage, EscalatedBadge } from '../../../components/clock/clock-badge';
import { DebouncedInput } from '../../../components/debounced-input';
import { PagedList } from '../../../components/paged-list';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useListParams } from '../../../lib/use-list-params';
import { INBOX_FIXED, INBOX_PAGE_SIZE, useInboxPage } from '../api/officer-dashboard';
import { LoadingLabel, Placeholder } from '../../../components/ui/placeholder';

/** Statuses something can still wait on: submitted (a draft is the applicant's own) and not closed (the table
 * gives the status an event to wait for). */
const INBOX_STATUSES = APPLICATION_STATUSES.filter(
  (status) => !statusesFor('submit').includes(status) && APPLICATION_LIFECYCLE.statuses[status].waits.length > 0,
);

const SHOWS = ['all', 'assigned', 'overdue'] as const;
type Show = (typeof SHOWS)[number];

function InboxRow({ application }: { application: ApplicationListItem }) {
  const { t } = useTranslation('officer-dashboard');
  return (
    <li>
      <Link
        to={`/officer/applications/${application.id}`}
        className="flex min-h-11 items-center justify-between gap-4 py-3 hover:bg-brand-50 focus:bg-brand-50"
      >
        <span className="min-w-0 space-y-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{application.application_number}</span>
            <StatusBadge status={application.status} />
          </span>
          <span className="flex flex-wrap gap-x-2 text-sm text-slate-700">
            <span>
              <span className="sr-only">{t('inbox.organisation')}: </span>
              {application.organization_name}
            </span>
            <span aria-hidden="true">·</span>
            <span>
              <span className="sr-only">{t('inbox.asset')}: </span>
              {application.asset_code}
            </span>
            <span aria-hidden="true">·</span>
            <span>
              <span className="sr-only">{t('inbox.zoneLabel')}: </span>
              {application.zone}
            </span>
          </span>
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <ClockBadge clock={application} />
            <EscalatedBadge to={application.escalated_to} />
            <span>
              {t('inbox.inStage')}: <DaysInStage days={application.days_in_stage} />
            </span>
          </span>
        </span>
        <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-500" />
      </Link>
    </li>
  );
}

/** Grey rows while the first page loads: as many as a screen shows, of a row's three lines. */
const PLACEHOLDER_ROWS = [0, 1, 2, 3, 4];

function InboxPlaceholder() {
  return (
    <div aria-busy="true">
      <LoadingLabel />
      <ul aria-hidden="true" className="divide-y divide-slate-100">
        {PLACEHOLDER_ROWS.map((row) => (
          <li key={row} className="flex min-h-11 items-center py-3">
            <span className="min-w-0 space-y-1">
              <span className="flex flex-wrap items-center gap-2">
                <Placeholder className="w-36" />
                <Placeholder className="w-24 text-xs" />
              </span>
              <span className="flex text-sm">
                <Placeholder className="w-64" />
              </span>
              <span className="flex text-sm">
                <Placeholder className="w-48" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The inbox's page and its filters in the URL; the dashboard holds them so it knows when the first page is in. */
export function useInbox() {
  const list = useListParams(APPLICATION_LIST, { limit: INBOX_PAGE_SIZE, fixed: INBOX_FIXED });
  const inbox = useInboxPage(list.query);
  return { list, inbox };
}

export function InboxCard({ admin, list, inbox }: { admin: boolean } & ReturnType<typeof useInbox>) {
  const { t } = useTranslation('officer-dashboard');
  const [, setSearchParams] = useSearchParams();
  useFailureToast(inbox.isError, t('inbox.loadFailed'), 'officer-inbox-load-failed');

  const show: Show =
    list.filters.overdue === 'true' ? 'overdue' : list.filters.assigned_to === 'me' ? 'assigned' : 'all';
  // One change of the address for both filters: two in a row would each start from the same old address.
  const setShow = useCallback(
    (next: string) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        params.delete('assigned_to');
        params.delete('overdue');
        params.delete('page');
        if (next === 'assigned') params.set('assigned_to', 'me');
        if (next === 'overdue') params.set('overdue', 'true');
        return params;
      }),
    [setSearchParams],
  );

  return (
    <Card
      title={<span id="officer-inbox-title">{t('inbox.title')}</span>}
      aria-labelledby="officer-inbox-title"
      className="mb-6"
    >
      <p className="-mt-2 mb-4 text-slate-600">{admin ? t('inbox.subtitleAdmin') : t('inbox.subtitle')}</p>
      <div className="mb-4 grid gap-4 sm:grid-cols-3">
        <Field id="officer-inbox-show" label={t('inbox.show')}>
          <Select value={show} onChange={(event) => setShow(event.target.value)}>
            {SHOWS.map((value) => (
              <option key={value} value={value}>
                {t(`inbox.shows.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <ChoiceFilter
          id="officer-inbox-status"
          label={t('inbox.status')}
          allLabel={t('inbox.allStatuses')}
          value={list.choice('status', INBOX_STATUSES)}
          choices={INBOX_STATUSES}
          labelOf={(value) => t(`statuses.${value}`)}
          onChange={(value) => list.setChoice('status', value)}
        />
        <Field id="officer-inbox-zone" label={t('inbox.zone')}>
          <DebouncedInput
            value={list.filters.zone ?? ''}
            placeholder={t('inbox.zonePlaceholder')}
            maxLength={60}
            onCommit={(zone) => list.setFilter('zone', zone)}
          />
        </Field>
      </div>
      {inbox.isPending ? (
        <InboxPlaceholder />
      ) : (
        <PagedList
          query={inbox}
          list={list}
          errorMessage={t('inbox.loadFailed')}
          emptyMessage={list.isFiltered ? t('inbox.emptyFiltered') : t('inbox.empty')}
          clearFiltersLabel={t('inbox.clearFilters')}
          pagerLabel={t('inbox.pages')}
        >
          {(items) => (
            <ul aria-label={t('inbox.label')} className="divide-y divide-slate-100">
              {items.map((application) => (
                <InboxRow key={application.id} application={application} />
              ))}
            </ul>
          )}
        </PagedList>
      )}
    </Card>
  );
}
