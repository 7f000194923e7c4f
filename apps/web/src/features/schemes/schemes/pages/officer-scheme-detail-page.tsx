/** /officer/schemes/:id (zonal managers, the head office, the committee, admins): the scheme, its commitment and seed,
 * its plots, and its entries a page at a time. The head office and admins close applications once the closing time
 * has passed, then run the draw or decide first come (once: the confirm dialog says it cannot be undone); a draw whose
 * beacon round is not had yet waits, and says why, while the portal tries again every minute; an auction is decided
 * by its own close, and while it runs its lots are watched live. Once decided, the result sheet and the public result
 * page. */
import { memo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  can,
  formatDateTime,
  formatNumber,
  formatRupees,
  portalNow,
  SCHEME_ENTRY_LIST,
  SCHEME_OUTCOMES,
  SCHEME_PATHS,
  type SchemeDetail,
  type SchemeEntryRow,
} from '@portal/contract';
import { ListToolbar } from '../../../../components/list-toolbar';
import { useSortChange } from '../../../../components/list/use-sort-change';
import { PagedList } from '../../../../components/paged-list';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { ConfirmDialog } from '../../../../components/ui/confirm-step';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { api, errorDetail } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { saveFile } from '../../../../lib/save-file';
import { useFailureToast } from '../../../../lib/use-failure-toast';
import { ALL_CHOICE, useListParams } from '../../../../lib/use-list-params';
import { useCloseScheme, useDecideScheme, useScheme, useSchemeEntriesPage } from '../../../../api/schemes';
import { SchemeStatusBadge, schemePaths, useSchemeWords } from '../components/scheme-bits';
import { LiveBiddingCard } from '../components/live-bidding-card';
import { SchemeCommitment, SchemePlotsTable, SchemeRules } from '../components/scheme-facts';

const EntriesTable = memo(function EntriesTable({
  rows,
  sort,
  onSortChange,
}: {
  rows: SchemeEntryRow[];
  sort: string;
  onSortChange: (sort: string) => void;
}) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const columns: Column<SchemeEntryRow>[] = [
    {
      key: 'application',
      header: t('entries.application'),
      card: 'title',
      sortBy: 'application_number',
      wrap: true,
      cell: (entry) => (
        <span>
          <Link
            className="font-medium text-brand-700 underline"
            to={schemePaths.officerApplication(entry.application_id)}
          >
            {entry.application_number}
          </Link>
          {entry.organization_name && <span className="block text-sm text-slate-700">{entry.organization_name}</span>}
        </span>
      ),
    },
    { key: 'plot', header: t('entries.plot'), cell: (entry) => entry.plot_code },
    { key: 'category', header: t('entries.category'), cell: (entry) => words.category(entry.category) },
    {
      key: 'qualified',
      header: t('entries.qualified'),
      cell: (entry) =>
        entry.qualified === null ? t('entries.notYet') : entry.qualified ? t('entries.yes') : t('entries.no'),
    },
    {
      key: 'position',
      header: t('entries.position'),
      sortBy: 'list_position',
      numeric: true,
      cell: (entry) => (entry.list_position === null ? '—' : formatNumber(entry.list_position)),
    },
    {
      key: 'rank',
      header: t('entries.rank'),
      numeric: true,
      cell: (entry) => (entry.rank === null ? '—' : formatNumber(entry.rank)),
    },
    {
      key: 'outcome',
      header: t('entries.outcome'),
      wrap: true,
      cell: (entry) => (
        <span>
          {words.outcome(entry.outcome)}
          {entry.emd_forfeited && <span className="block text-sm text-red-800">{t('entries.emdForfeited')}</span>}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('entries.amount'),
      numeric: true,
      cell: (entry) => (entry.amount === null ? '—' : formatRupees(entry.amount)),
    },
  ];
  return (
    <DataTable
      caption={t('entries.caption')}
      columns={columns}
      rows={rows}
      rowKey={(entry) => entry.application_id}
      sort={sort}
      onSortChange={onSortChange}
    />
  );
});

function Entries({ schemeId }: { schemeId: string }) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const list = useListParams(SCHEME_ENTRY_LIST, { prefix: 'entries_' });
  const sortBy = useSortChange(list.setSort);
  const entries = useSchemeEntriesPage(schemeId, list.query);
  useFailureToast(entries.isError, t('entries.loadFailed'), 'scheme-entries-load-failed');
  return (
    <Card title={t('entries.title')}>
      <ListToolbar
        searchId="scheme-entries-search"
        statusId="scheme-entries-outcome"
        searchLabel={t('filters.search')}
        searchPlaceholder={t('entries.searchPlaceholder')}
        statusLabel={t('entries.outcome')}
        search={list.searchText}
        onSearchChange={list.setSearchText}
        status={list.choice('outcome', SCHEME_OUTCOMES)}
        onStatusChange={(value) => list.setChoice('outcome', value)}
        statusOptions={[
          { value: ALL_CHOICE, label: t('entries.allOutcomes') },
          ...SCHEME_OUTCOMES.map((value) => ({ value, label: words.outcome(value) })),
        ]}
      />
      <PagedList
        query={entries}
        list={list}
        errorMessage={t('entries.loadFailed')}
        emptyMessage={list.isFiltered ? t('filters.empty') : t('entries.empty')}
        clearFiltersLabel={t('filters.clear')}
        pagerLabel={t('entries.pager')}
      >
        {(items) => <EntriesTable rows={items} sort={list.sort} onSortChange={sortBy} />}
      </PagedList>
    </Card>
  );
}

/** A step of the scheme that cannot be taken back, behind the portal's one confirmation (decision 024). */
function ConfirmStep({
  label,
  title,
  consequence,
  busyText,
  busy,
  onConfirm,
  testId,
}: {
  label: string;
  title: string;
  consequence: string;
  busyText: string;
  busy: boolean;
  onConfirm: (close: () => void) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      trigger={<Button data-testid={testId}>{label}</Button>}
      statement={title}
      consequence={consequence}
      confirmLabel={label}
      busy={busy}
      busyText={busyText}
      onConfirm={() => onConfirm(() => setOpen(false))}
    />
  );
}

function SchemeActions({ scheme }: { scheme: SchemeDetail }) {
  const { t } = useTranslation('schemes');
  const { user } = useAuth();
  const close = useCloseScheme(scheme.id);
  const decide = useDecideScheme(scheme.id);
  const [downloading, setDownloading] = useState(false);
  const mayManage = user ? can(user.role, 'manage:schemes') : false;
  // The server's clock decides; the button is offered once the closing time has passed by the portal's time.
  const closingTimePassed = Date.parse(scheme.closes_at) <= portalNow().getTime();

  const downloadSheet = async () => {
    setDownloading(true);
    try {
      saveFile(await api.blob(SCHEME_PATHS.resultSheet(scheme.id)), `${scheme.scheme_number}-result.pdf`);
    } catch (error) {
      toast.error(errorDetail(error, t('actions.sheetFailed')));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card title={t('actions.title')}>
      <div className="flex flex-wrap gap-3">
        {mayManage && scheme.status === 'open' && closingTimePassed && (
          <ConfirmStep
            testId="scheme-close"
            label={t('actions.close')}
            title={t('actions.closeTitle', { number: scheme.scheme_number })}
            consequence={t('actions.closeConsequence')}
            busyText={t('actions.closing')}
            busy={close.isPending}
            onConfirm={(done) =>
              close.mutate(undefined, {
                onSuccess: () => {
                  done();
                  toast.success(t('actions.closed', { number: scheme.scheme_number }));
                },
                onError: (error) => toast.error(errorDetail(error, t('actions.failed'))),
              })
            }
          />
        )}
        {mayManage && scheme.status === 'closed' && scheme.mode !== 'auction' && (
          <ConfirmStep
            testId="scheme-decide"
            label={t(scheme.mode === 'draw' ? 'actions.draw' : 'actions.firstCome')}
            title={t(scheme.mode === 'draw' ? 'actions.drawTitle' : 'actions.firstComeTitle', {
              number: scheme.scheme_number,
            })}
            consequence={t(scheme.mode === 'draw' ? 'actions.drawConsequence' : 'actions.firstComeConsequence')}
            busyText={t('actions.deciding')}
            busy={decide.isPending}
            onConfirm={(done) =>
              decide.mutate(undefined, {
                // A draw whose beacon round is not had yet is answered 202, still closed: asked for, not decided.
                onSuccess: (answer) => {
                  done();
                  if (answer.draw_wait) toast.info(t('actions.drawWaits', { number: scheme.scheme_number }));
                  else toast.success(t('actions.decided', { number: scheme.scheme_number }));
                },
                onError: (error) => toast.error(errorDetail(error, t('actions.failed'))),
              })
            }
          />
        )}
        {scheme.status === 'decided' && (
          <Button variant="secondary" busy={downloading} busyText={t('actions.downloading')} onClick={downloadSheet}>
            {t('actions.resultSheet')}
          </Button>
        )}
        <Link
          className="inline-flex min-h-11 items-center font-medium text-brand-700 underline"
          to={schemePaths.result(scheme.scheme_number)}
        >
          {t('actions.publicPage')}
        </Link>
      </div>
      {scheme.status === 'open' && !closingTimePassed && (
        <p className="mt-3 text-sm text-slate-700">{t('actions.closeLater')}</p>
      )}
      {scheme.status === 'closed' && scheme.mode === 'auction' && (
        <p className="mt-3 text-sm text-slate-700">{t('actions.auctionDecides')}</p>
      )}
    </Card>
  );
}

/** A draw asked for and waiting for its beacon round (decision 034): why, in plain words, when it was asked and last
 * tried, and that the portal tries again every minute by itself. A round whose signature did not verify is refused
 * (never used), and the head office has been told. */
function DrawWaitPanel({ scheme }: { scheme: SchemeDetail }) {
  const { t } = useTranslation('schemes');
  const wait = scheme.draw_wait;
  if (!wait) return null;
  const refused = wait.reason === 'round_invalid';
  return (
    <div
      role="status"
      data-testid="draw-wait"
      className={`space-y-2 rounded-md border-l-4 p-4 text-slate-900 ${refused ? 'border-red-700 bg-red-50' : 'border-amber-600 bg-amber-50'}`}
    >
      <h2 className="text-lg font-semibold">{t('drawWait.title')}</h2>
      <p>{t(`drawWait.reasons.${wait.reason}`)}</p>
      {scheme.beacon && (
        <p>
          {t('commitment.beaconRound', {
            round: scheme.beacon.round,
            beacon: scheme.beacon.chain.beacon_id,
            time: formatDateTime(scheme.beacon.round_at),
          })}
        </p>
      )}
      <p className="text-sm">
        {t('drawWait.when', { asked: formatDateTime(wait.requested_at), tried: formatDateTime(wait.tried_at) })}
      </p>
      <p className="font-medium">{t('drawWait.retry')}</p>
    </div>
  );
}

export default function OfficerSchemeDetailPage() {
  const { t } = useTranslation('schemes');
  const { id = '' } = useParams();
  const scheme = useScheme(id);
  return (
    <QueryState query={scheme} errorMessage={t('loadOneFailed')} loadingLabel={t('loading')}>
      {(data) => (
        <div className="space-y-6">
          <PageHeader
            title={t('detail.title', { number: data.scheme_number })}
            subtitle={data.title}
            badge={<SchemeStatusBadge status={data.status} />}
          />
          <DrawWaitPanel scheme={data} />
          <SchemeActions scheme={data} />
          {data.mode === 'auction' && data.status === 'closed' && <LiveBiddingCard scheme={data} />}
          <SchemeRules scheme={data} />
          <SchemeCommitment scheme={data} />
          <SchemePlotsTable scheme={data} />
          <Entries schemeId={data.id} />
        </div>
      )}
    </QueryState>
  );
}
