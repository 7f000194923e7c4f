/** What staff and entrepreneurs both read about a scheme: its rules in plain words (each mode its own), a draw's
 * commitment (and its seed once revealed), and its plots with their reserve, EMD, highest bid and winner. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  formatNumber,
  formatRupees,
  SCHEME_RULES,
  type Scheme,
  type SchemePlot,
} from '@portal/contract';
import { Card } from '../../../../components/ui/card';
import { DataTable, type Column } from '../../../../components/ui/data-table';
import { useSchemeWords } from './scheme-bits';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** The scheme's rules as facts and one plain paragraph per rule that applies. */
export function SchemeRules({ scheme }: { scheme: Scheme }) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const auction = scheme.mode === 'auction';
  return (
    <Card title={t('rules.title')}>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact term={t('rules.mode')}>{words.mode(scheme.mode)}</Fact>
        <Fact term={t('rules.opens')}>{formatDateTime(scheme.opens_at)}</Fact>
        <Fact term={t('rules.closes')}>{formatDateTime(scheme.closes_at)}</Fact>
        <Fact term={t('rules.plots')}>{formatNumber(scheme.plots.length)}</Fact>
        <Fact term={t('rules.applications')}>{formatNumber(scheme.application_count)}</Fact>
        {scheme.qualified_count !== null && (
          <Fact term={t('rules.qualified')}>{formatNumber(scheme.qualified_count)}</Fact>
        )}
        {auction && scheme.auction_starts_at && (
          <Fact term={t('rules.biddingStarts')}>{formatDateTime(scheme.auction_starts_at)}</Fact>
        )}
        {auction && scheme.auction_ends_at && (
          <Fact term={t('rules.biddingEnds')}>{formatDateTime(scheme.auction_ends_at)}</Fact>
        )}
        {scheme.decided_at && (
          <Fact term={t('rules.decided')}>
            {scheme.decided_by_name
              ? t('rules.decidedBy', { at: formatDateTime(scheme.decided_at), name: scheme.decided_by_name })
              : formatDateTime(scheme.decided_at)}
          </Fact>
        )}
      </dl>
      <div className="mt-4 space-y-2 text-slate-800">
        <p>{t(`rules.explain.${scheme.mode}`)}</p>
        {auction && (
          <>
            <p>
              {t('rules.explain.emd', {
                share: formatNumber(SCHEME_RULES.auctionEmdShare * 100),
                fee: formatRupees(scheme.participation_fee ?? SCHEME_RULES.participationFee),
              })}
            </p>
            {scheme.increment !== null && (
              <p>{t('rules.explain.increment', { increment: formatRupees(scheme.increment) })}</p>
            )}
            <p>
              {t('rules.explain.extension', {
                window: formatNumber(scheme.extension_window_minutes),
                minutes: formatNumber(scheme.extension_minutes),
              })}
            </p>
            <p>{t('rules.explain.winner', { days: formatNumber(SCHEME_RULES.winnerPaysWithinDays) })}</p>
          </>
        )}
        {!auction && <p>{t('rules.explain.usualEmd')}</p>}
        <p className="font-medium" data-testid="scheme-deadline-rule">
          {t('rules.explain.deadline', { closes: formatDateTime(scheme.closes_at) })}
        </p>
        {scheme.reservations.length > 0 && (
          <p>
            {t('rules.explain.reservations', {
              list: scheme.reservations
                .map((reservation) =>
                  t('rules.reservation', {
                    category: words.category(reservation.category),
                    share: formatNumber(reservation.share_percent),
                  }),
                )
                .join(', '),
            })}
          </p>
        )}
        {scheme.min_investment !== null && (
          <p>{t('rules.explain.minInvestment', { amount: formatRupees(scheme.min_investment) })}</p>
        )}
      </div>
    </Card>
  );
}

/** A draw's commitment, and its seed once the draw has revealed it. First come and an auction draw nothing and reveal
 * no seed, so they show nothing of it. */
export function SchemeCommitment({ scheme }: { scheme: Pick<Scheme, 'commitment' | 'seed' | 'mode'> }) {
  const { t } = useTranslation('schemes');
  if (scheme.mode !== 'draw') return null;
  return (
    <Card title={t('commitment.title')}>
      <p className="text-slate-800">{t('commitment.explain')}</p>
      <dl className="mt-3 space-y-3">
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('commitment.commitment')}</dt>
          <dd className="font-mono text-sm break-all text-slate-900" data-testid="scheme-commitment">
            {scheme.commitment}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('commitment.seed')}</dt>
          <dd className="font-mono text-sm break-all text-slate-900" data-testid="scheme-seed">
            {scheme.seed ?? <span className="font-sans text-slate-700">{t('commitment.notRevealed')}</span>}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

export function SchemePlotsTable({
  scheme,
  action,
}: {
  scheme: Scheme;
  /** A cell of buttons or links per plot (the entrepreneur's "Apply for this plot"). */
  action?: (plot: SchemePlot) => ReactNode;
}) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const auction = scheme.mode === 'auction';
  const columns: Column<SchemePlot>[] = [
    {
      key: 'plot',
      header: t('plots.plot'),
      card: 'title',
      wrap: true,
      cell: (plot) => (
        <span>
          <span className="font-medium">{plot.asset_code}</span>
          <span className="block text-sm text-slate-700">
            {t('plots.where', { zone: plot.zone, location: plot.location })}
          </span>
        </span>
      ),
    },
    {
      key: 'area',
      header: t('plots.area'),
      numeric: true,
      cell: (plot) =>
        `${formatNumber(plot.total_area)} ${t(`applications:units.${plot.unit}`, { defaultValue: plot.unit })}`,
    },
    {
      key: 'reserved',
      header: t('plots.reservedFor'),
      cell: (plot) => (plot.reserved_for ? words.category(plot.reserved_for) : t('plots.open')),
    },
    ...(auction
      ? ([
          {
            key: 'reserve',
            header: t('plots.reservePrice'),
            numeric: true,
            cell: (plot) => formatRupees(plot.reserve_price),
          },
          { key: 'emd', header: t('plots.emd'), numeric: true, cell: (plot) => formatRupees(plot.emd) },
          {
            key: 'highest',
            header: t('plots.highestBid'),
            numeric: true,
            wrap: true,
            cell: (plot) =>
              plot.highest_bid === null ? (
                t('plots.noBids')
              ) : (
                <span>
                  {formatRupees(plot.highest_bid)}
                  <span className="block text-sm text-slate-700">
                    {t('plots.bidCount', { count: plot.bid_count, shown: formatNumber(plot.bid_count) })}
                  </span>
                </span>
              ),
          },
        ] satisfies Column<SchemePlot>[])
      : []),
    {
      key: 'winner',
      header: t('plots.winner'),
      wrap: true,
      cell: (plot) =>
        plot.winner_application_number ? (
          <span>
            <span className="font-medium whitespace-nowrap tabular-nums">{plot.winner_application_number}</span>
            {plot.winning_amount !== null && (
              <span className="block text-sm text-slate-700">{formatRupees(plot.winning_amount)}</span>
            )}
            {plot.winner_reason && plot.reserved_for && (
              <span className="block text-sm text-slate-700">
                {t(`reasons.${plot.winner_reason}`, { category: words.category(plot.reserved_for) })}
              </span>
            )}
          </span>
        ) : (
          t(scheme.status === 'decided' ? 'plots.notAllotted' : 'plots.noWinner')
        ),
    },
    ...(action
      ? ([{ key: 'action', header: t('plots.action'), card: 'actions', cell: action }] satisfies Column<SchemePlot>[])
      : []),
  ];
  return (
    <Card title={t('plots.title')}>
      <DataTable caption={t('plots.caption')} columns={columns} rows={scheme.plots} rowKey={(plot) => plot.id} />
    </Card>
  );
}
