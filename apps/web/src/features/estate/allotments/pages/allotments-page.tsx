/** The Allotments screen, the estate register: the counts by status and of late milestones (each sets its filter),
 * then a read-only list (number with its application, holder, plot, status, type, date, expiry, possession, next milestone due)
 * a page at a time, searched, filtered (status, type, zone, park, late milestone) and sorted on the server; each row
 * opens its application. Export CSV downloads every allotment the filters and search pick. */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  allotmentEnded,
  ALLOTMENT_LATE_LISTS,
  ALLOTMENT_LIST,
  ALLOTMENT_STATUSES,
  ALLOTMENT_TYPES,
  formatDate,
  type Allotment,
} from '@portal/contract';
import { useAllotmentPage } from '../../../../api/allotments';
import { useZones } from '../../../../api/assets';
import { ChoiceFilter } from '../../../../components/choice-filter';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALLOTMENT_STATUS_TONES } from '../components/allotment-status';
import { MilestoneState, nextMilestone } from '../../components/milestones/milestone-state';
import { RegisterExportButton } from '../components/register-export-button';
import { RegisterSummary } from '../components/register-summary';
import { registerExportQuery } from '../api/register-export';
import {
  ShowCausePendingChip,
  ShowCauseRegisterDialogs,
  ShowCauseRowAction,
  useShowCauseTarget,
  type ShowCauseTarget,
} from '../../components/show-causes/register-show-cause';
const applicationPath = (allotment: Allotment) => `/officer/applications/${allotment.application_id}`;

/** Kept while its rows and sort are the same: each key typed into the search draws the page again, and every row
 * drawn again per key cost most of a frame. */
const AllotmentTable = memo(function AllotmentTable({
  rows,
  sort,
  onSortChange,
  onShowCause,
}: {
  rows: Allotment[];
  sort: string;
  onSortChange: (sort: string) => void;
  onShowCause: (target: ShowCauseTarget) => void;
}) {
  const { t } = useTranslation(['allotments', 'show-causes']);
  const navigate = useNavigate();
  const columns: Column<Allotment>[] = [
    {
      key: 'number',
      header: t('columns.numberAndApplication'),
      sortBy: 'allotment_number',
      cell: (allotment) => (
        <>
          <Link
            to={applicationPath(allotment)}
            onClick={(event) => event.stopPropagation()}
            aria-label={t('openApplication', { number: allotment.allotment_number })}
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            {allotment.allotment_number}
          </Link>
          {/* The application it came from, under its number: one column less to fit a desk screen. */}
          <div className="text-xs text-slate-600">{allotment.application_number ?? '—'}</div>
        </>
      ),
    },
    { key: 'holder', header: t('columns.holder'), cell: (allotment) => allotment.holder_name ?? '—' },
    { key: 'plot', header: t('columns.plot'), cell: (allotment) => allotment.asset_code ?? '—' },
    {
      key: 'status',
      header: t('columns.status'),
      sortBy: 'status',
      cell: (allotment) => <StatusBadge status={allotment.status} tone={ALLOTMENT_STATUS_TONES[allotment.status]} />,
    },
    { key: 'type', header: t('columns.type'), cell: (allotment) => t(`types.${allotment.allotment_type}`) },
    {
      key: 'date',
      header: t('columns.date'),
      sortBy: 'allotment_date',
      sortDescendingFirst: true,
      cell: (allotment) => formatDate(allotment.allotment_date),
    },
    { key: 'expiry', header: t('columns.expiry'), cell: (allotment) => formatDate(allotment.expiry_date) },
    // The headers of the last columns wrap, their dates do not: the table then fits a desk screen.
    {
      key: 'possession',
      header: t('columns.possession'),
      wrap: true,
      cell: (allotment) => <span className="whitespace-nowrap">{formatDate(allotment.possession_date)}</span>,
    },
    {
      key: 'next',
      header: t('columns.nextMilestone'),
      wrap: true,
      cell: (allotment) => <NextMilestone allotment={allotment} />,
    },
    {
      key: 'showCause',
      header: t('show-causes:register.column'),
      cell: (allotment) => <ShowCauseRowAction allotment={allotment} onOpen={onShowCause} />,
    },
  ];
  return (
    <DataTable
      caption={t('caption')}
      columns={columns}
      rows={rows}
      rowKey={(allotment) => allotment.id}
      compact
      onRowClick={(allotment) => void navigate(applicationPath(allotment))}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

/** The earliest milestone not met: its due date and name, and in red with words when it is late. An allotment that
 * has ended (surrendered, cancelled) owes none. */
function NextMilestone({ allotment }: { allotment: Allotment }) {
  const { t } = useTranslation('allotments');
  if (allotmentEnded(allotment.status)) return <>—</>;
  if (allotment.milestones.length === 0) return <>{t('register.noMilestones')}</>;
  const next = nextMilestone(allotment.milestones);
  if (!next) return <>{t('register.allMet')}</>;
  return (
    <div className="space-y-0.5">
      <div className="whitespace-nowrap tabular-nums">{formatDate(next.due_on)}</div>
      <div className="text-xs text-slate-600">{t(`milestones.kinds.${next.kind}`)}</div>
      {next.late && <MilestoneState milestone={next} className="text-sm" />}
    </div>
  );
}

export default function AllotmentsPage() {
  const { t } = useTranslation('allotments');
  const list = useListParams(ALLOTMENT_LIST);
  const sortBy = useSortChange(list.setSort);
  const allotments = useAllotmentPage(list.query);

  useFailureToast(allotments.isError, t('loadFailed'), 'allotments-load-failed');

  const status = list.choice('status', ALLOTMENT_STATUSES);
  const type = list.choice('allotment_type', ALLOTMENT_TYPES);
  const late = list.choice('late', ALLOTMENT_LATE_LISTS);
  const [showCause, setShowCause] = useShowCauseTarget();
  const zones = useZones();
  const zone = list.filters.zone;
  const zoneChoices = [...(zones.data?.zones ?? [])];
  if (zone && !zoneChoices.includes(zone)) zoneChoices.unshift(zone);
  // The parks of the chosen zone; with no zone chosen, every zone's.
  const location = list.filters.location;
  const parksByZone = zones.data?.locations ?? {};
  const parkChoices = zone
    ? [...(parksByZone[zone] ?? [])]
    : [...new Set(Object.values(parksByZone).flat())].sort((a, b) => a.localeCompare(b));
  if (location && !parkChoices.includes(location)) parkChoices.unshift(location);

  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={<RegisterExportButton query={registerExportQuery(list.q, list.filters)} />}
      />
      <RegisterSummary
        zone={zone}
        status={list.filters.status}
        late={list.filters.late}
        // A count shows its allotments alone: the other count's filter goes.
        onStatus={(value) => list.setFilters({ status: value, late: undefined })}
        onLate={(kind) => list.setFilters({ late: kind, status: undefined })}
      />
      <ShowCausePendingChip
        zone={zone}
        pressed={list.filters.late === 'show_cause'}
        onPress={() => list.setFilters({ late: 'show_cause', status: undefined })}
      />
      <ListToolbar
        searchId="allotment-search"
        statusId="allotment-status-filter"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('filters.searchPlaceholder')}
        searchHint={t('filters.searchHint')}
        statusLabel={t('filters.status')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={status}
        onStatusChange={(value) => list.setChoice('status', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('filters.allStatuses') },
          ...ALLOTMENT_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
        ]}
      >
        <ChoiceFilter
          id="allotment-type-filter"
          label={t('filters.type')}
          allLabel={t('filters.allTypes')}
          value={type}
          choices={ALLOTMENT_TYPES}
          labelOf={(value) => t(`types.${value}`)}
          onChange={(value) => list.setChoice('allotment_type', value)}
        />
        <ChoiceFilter
          id="allotment-zone-filter"
          label={t('filters.zone')}
          allLabel={t('filters.allZones')}
          value={list.choice('zone', zoneChoices)}
          choices={zoneChoices}
          labelOf={(value) => value}
          // A park belongs to its zone: another zone's park goes with the zone.
          onChange={(value) => list.setFilters({ zone: value === ALL_CHOICE ? undefined : value, location: undefined })}
        />
        <ChoiceFilter
          id="allotment-park-filter"
          label={t('filters.park')}
          allLabel={t('filters.allParks')}
          value={list.choice('location', parkChoices)}
          choices={parkChoices}
          labelOf={(value) => value}
          onChange={(value) => list.setChoice('location', value)}
        />
        <ChoiceFilter
          id="allotment-late-filter"
          label={t('filters.late')}
          allLabel={t('filters.anyMilestone')}
          value={late}
          choices={ALLOTMENT_LATE_LISTS}
          labelOf={(value) => (value === 'show_cause' ? t('show-causes:register.pendingReply') : t(`late.${value}`))}
          onChange={(value) => list.setChoice('late', value)}
        />
      </ListToolbar>
      <PagedList
        query={allotments}
        list={list}
        errorMessage={t('loadFailed')}
        emptyMessage={t('empty')}
        clearFiltersLabel={t('filters.clear')}
      >
        {(items) => <AllotmentTable rows={items} sort={list.sort} onSortChange={sortBy} onShowCause={setShowCause} />}
      </PagedList>
      <ShowCauseRegisterDialogs target={showCause} onChange={setShowCause} />
    </>
  );
}
