/** Meetings: the applications pending committee (each with Record Decision), Create Meeting, and the meetings kept so
 * far; both lists a page at a time from the server, their pages in the URL (the pending list's with a prefix). */
import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarPlus } from 'lucide-react';
import {
  APPLICATION_LIST,
  COMMITTEE_TYPES,
  formatDate,
  formatRupees,
  MEETING_LIST,
  type Application,
  type Meeting,
} from '@portal/contract';
import { useApplicationPage } from '../../../../api/applications';
import { useMeetingPage } from '../../../../api/meetings';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { StageText } from '../../../../components/ui/stage-text';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { PENDING_COMMITTEE } from '../api/meetings';
import { CreateMeetingDialog } from '../components/create-meeting-dialog';
import { RecordDecisionDialog } from '../components/record-decision-dialog';
import { useFailureToast } from '../../../../lib/use-failure-toast';

/* The pending applications and the past meetings are kept while their rows are the same: each key typed into the
 * meetings' search draws the page again, and both lists drawn again per key cost most of a frame. */
const PendingList = memo(function PendingList({
  rows,
  onDecide,
}: {
  rows: Application[];
  onDecide: (application: Application) => void;
}) {
  const { t } = useTranslation('meetings');
  return (
    <ul className="divide-y divide-slate-200" aria-label={t('pending.title')}>
      {rows.map((application) => (
        <li key={application.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={`/officer/applications/${application.id}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
                aria-label={t('pending.open', { number: application.application_number })}
              >
                {application.application_number}
              </Link>
              <StatusBadge status={application.status} helpLink />
            </div>
            <p className="text-slate-700">
              <StageText application={application} />
            </p>
            <p className="text-sm text-slate-600">
              {t('pending.investment')}:{' '}
              <span className="tabular-nums">{formatRupees(application.estimated_investment)}</span> ·{' '}
              {t('pending.submitted')}: {formatDate(application.submitted_at)}
            </p>
          </div>
          <Button
            aria-label={t('pending.recordDecisionFor', { number: application.application_number })}
            onClick={() => onDecide(application)}
          >
            {t('pending.recordDecision')}
          </Button>
        </li>
      ))}
    </ul>
  );
});

const MeetingTable = memo(function MeetingTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: Meeting[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('meetings');
  return (
    <DataTable
      caption={t('past.caption')}
      rows={rows}
      rowKey={meetingKey}
      sort={sort}
      onSortChange={onSortChange}
      columns={[
        {
          key: 'number',
          header: t('past.number'),
          sortBy: 'meeting_number',
          cell: (meeting) => meeting.meeting_number,
        },
        {
          key: 'date',
          header: t('past.date'),
          sortBy: 'meeting_date',
          sortDescendingFirst: true,
          cell: (meeting) => formatDate(meeting.meeting_date),
        },
        {
          key: 'committee',
          header: t('past.committee'),
          cell: (meeting) => meeting.committee_type.toUpperCase(),
        },
        {
          key: 'agenda',
          header: t('past.agenda'),
          className: 'whitespace-normal min-w-60',
          cell: (meeting) => meeting.agenda,
        },
        {
          key: 'applications',
          header: t('past.applications'),
          numeric: true,
          cell: (meeting) => meeting.applications.length,
        },
      ]}
    />
  );
});

const meetingKey = (meeting: Meeting) => meeting.id;

export default function MeetingsPage() {
  const { t } = useTranslation('meetings');
  const pendingList = useListParams(APPLICATION_LIST, { prefix: 'pending_', fixed: PENDING_COMMITTEE });
  const pending = useApplicationPage(pendingList.query);
  const meetingList = useListParams(MEETING_LIST);
  const sortBy = useSortChange(meetingList.setSort);
  const meetings = useMeetingPage(meetingList.query);
  const committee = meetingList.choice('committee_type', COMMITTEE_TYPES);
  const [deciding, setDeciding] = useState<Application | null>(null);
  const [creating, setCreating] = useState(false);

  useFailureToast(pending.isError, t('pending.loadFailed'), 'meetings-pending-load-failed');
  useFailureToast(meetings.isError, t('past.loadFailed'), 'meetings-load-failed');

  const createButton = (variant: 'primary' | 'secondary') => (
    <Button
      variant={variant}
      icon={<CalendarPlus aria-hidden="true" className="h-4 w-4" />}
      onClick={() => setCreating(true)}
    >
      {t('create.button')}
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={createButton('primary')} />
      <div className="space-y-6">
        <Card title={t('pending.title')}>
          <PagedList
            query={pending}
            list={pendingList}
            errorMessage={t('pending.loadFailed')}
            emptyMessage={t('pending.empty')}
            pagerLabel={t('pending.pagesLabel')}
          >
            {(list) => <PendingList rows={list} onDecide={setDeciding} />}
          </PagedList>
        </Card>

        <Card title={t('past.title')}>
          <ListToolbar
            searchId="meeting-search"
            statusId="meeting-committee-filter"
            searchLabel={t('past.filters.search')}
            searchPlaceholder={t('past.filters.searchPlaceholder')}
            statusLabel={t('past.filters.committee')}
            search={meetingList.searchText}
            onSearchChange={meetingList.setSearchText}
            status={committee}
            onStatusChange={(value) => meetingList.setChoice('committee_type', value)}
            statusOptions={[
              { value: ALL_CHOICE, label: t('past.filters.allCommittees') },
              ...COMMITTEE_TYPES.map((value) => ({ value, label: t(`create.committeeTypes.${value}`) })),
            ]}
          />
          <PagedList
            query={meetings}
            list={meetingList}
            errorMessage={t('past.loadFailed')}
            emptyMessage={t('past.empty')}
            emptyAction={createButton('secondary')}
            clearFiltersLabel={t('past.filters.clear')}
            pagerLabel={t('past.pagesLabel')}
          >
            {(list) => <MeetingTable rows={list} sort={meetingList.sort} onSortChange={sortBy} />}
          </PagedList>
        </Card>
      </div>

      {deciding && (
        <RecordDecisionDialog application={deciding} open onOpenChange={(open) => !open && setDeciding(null)} />
      )}
      {creating && <CreateMeetingDialog open onOpenChange={setCreating} />}
    </>
  );
}
