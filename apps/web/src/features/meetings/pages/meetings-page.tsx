/** Meetings: the applications pending committee (each with Record Decision), Create Meeting, and the meetings kept so far. */
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarPlus } from 'lucide-react';
import { formatDate, formatRupees, type Application } from '@portal/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useMeetings, usePendingCommittee } from '../api/meetings';
import { CreateMeetingDialog } from '../components/create-meeting-dialog';
import { RecordDecisionDialog } from '../components/record-decision-dialog';
import { useFailureToast } from '../../../lib/use-failure-toast';

export default function MeetingsPage() {
  const { t } = useTranslation('meetings');
  const pending = usePendingCommittee();
  const meetings = useMeetings();
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
          <QueryState
            query={pending}
            errorMessage={t('pending.loadFailed')}
            empty={<EmptyState message={t('pending.empty')} />}
          >
            {(list) => (
              <ul className="divide-y divide-slate-200" aria-label={t('pending.title')}>
                {list.map((application) => (
                  <li
                    key={application.id}
                    className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          to={`/officer/applications/${application.id}`}
                          className="font-semibold text-brand-800 underline underline-offset-2"
                          aria-label={t('pending.open', { number: application.application_number })}
                        >
                          {application.application_number}
                        </Link>
                        <StatusBadge status={application.status} />
                      </div>
                      <p className="text-slate-700">{application.current_stage}</p>
                      <p className="text-sm text-slate-600">
                        {t('pending.investment')}:{' '}
                        <span className="tabular-nums">{formatRupees(application.estimated_investment)}</span> ·{' '}
                        {t('pending.submitted')}: {formatDate(application.submitted_at)}
                      </p>
                    </div>
                    <Button
                      aria-label={t('pending.recordDecisionFor', { number: application.application_number })}
                      onClick={() => setDeciding(application)}
                    >
                      {t('pending.recordDecision')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
        </Card>

        <Card title={t('past.title')}>
          <QueryState
            query={meetings}
            errorMessage={t('past.loadFailed')}
            empty={<EmptyState message={t('past.empty')} action={createButton('secondary')} />}
          >
            {(list) => (
              <DataTable
                caption={t('past.caption')}
                rows={list}
                rowKey={(meeting) => meeting.id}
                columns={[
                  { key: 'number', header: t('past.number'), cell: (meeting) => meeting.meeting_number },
                  { key: 'date', header: t('past.date'), cell: (meeting) => formatDate(meeting.meeting_date) },
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
            )}
          </QueryState>
        </Card>
      </div>

      {deciding && (
        <RecordDecisionDialog application={deciding} open onOpenChange={(open) => !open && setDeciding(null)} />
      )}
      {creating && <CreateMeetingDialog open onOpenChange={setCreating} pending={pending.data ?? []} />}
    </>
  );
}
