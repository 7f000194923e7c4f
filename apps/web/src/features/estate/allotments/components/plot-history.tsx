/** A plot's history under a disclosure on its card: the allotment's timeline a page at a time, latest first, worded
 * as the application's timeline is (what happened, when, who). A previous holder's ends where their holding did. */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, ChevronRight } from 'lucide-react';
import type { TimelineEvent } from '@portal/contract';
import { Pager } from '../../../../components/pager';
import { TimelineEntry, TimelineRoleBadge } from '../../../../components/timeline/timeline-entry';
import { Button } from '../../../../components/ui/button';
import { QueryState } from '../../../../components/ui/query-state';
import { HISTORY_PAGE, useAllotmentHistory } from '../api/allottee-services';

export function PlotHistory({ allotmentId, plot }: { allotmentId: string; plot: string }) {
  const { t } = useTranslation('allotments');
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const regionId = useId();
  const history = useAllotmentHistory(allotmentId, page, { enabled: open });
  return (
    <div className="mt-5">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={regionId}
        icon={
          open ? (
            <ChevronDown aria-hidden="true" className="h-4 w-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          )
        }
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? t('history.hide') : t('history.show')}
      </Button>
      {open && (
        <div id={regionId} className="mt-3">
          <QueryState
            query={{ ...history, data: history.data?.items }}
            errorMessage={t('history.loadFailed')}
            empty={<p className="text-slate-700">{t('history.empty')}</p>}
          >
            {(events) => (
              <>
                <HistoryEvents events={events} label={t('history.label', { plot })} />
                {history.data && history.data.total > HISTORY_PAGE && (
                  <Pager
                    page={page}
                    limit={HISTORY_PAGE}
                    total={history.data.total}
                    totalCapped={history.data.totalCapped}
                    itemCount={events.length}
                    onPageChange={setPage}
                    label={t('history.pages', { plot })}
                  />
                )}
              </>
            )}
          </QueryState>
        </div>
      )}
    </div>
  );
}

/** The entries as the application's timeline shows them to its applicant: title, when, details, and who (a badge with
 * the role, or SYSTEM). */
function HistoryEvents({ events, label }: { events: TimelineEvent[]; label: string }) {
  return (
    <ol aria-label={label} className="space-y-3 border-l-2 border-brand-200 pl-5">
      {events.map((event) => (
        <TimelineEntry key={event.id} event={event} compact marks={<TimelineRoleBadge event={event} />} />
      ))}
    </ol>
  );
}
