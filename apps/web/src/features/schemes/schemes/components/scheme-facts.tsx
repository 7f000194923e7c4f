/** What staff and entrepreneurs both read about a scheme: its rules in plain words (each mode its own), a draw's
 * commitment (and its seed once revealed) with its beacon round, and its plots with their reserve, EMD, highest bid
 * and winner. */
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

/** What a draw's card shows: the scheme's commitment and beacon facts, and on the public record the order's seed. */
type DrawFacts = Pick<Scheme, 'commitment' | 'seed' | 'mode' | 'beacon' | 'beacon_round' | 'qualified_hash'> & {
  /** The order's seed, SHA-256(seed || round randomness || qualified_hash): the public record's, once decided. */
  draw_seed?: string | null;
};

/** A long hex value, whole and wrapped, or in words what is not known yet. */
function HashFact({
  term,
  value,
  later,
  testId,
}: {
  term: string;
  value: string | null;
  /** What is said while the value is not known yet. */
  later?: string;
  testId: string;
}) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-700">{term}</dt>
      <dd className="font-mono text-sm break-all text-slate-900" data-testid={testId}>
        {value ?? <span className="font-sans text-slate-700">{later}</span>}
      </dd>
    </div>
  );
}

/** A hash shortened to its ends for the eye (52db9ba7…84e971); the whole in a tooltip and for screen readers. */
const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash);

/**
 * A draw's commitment, and its seed once the draw has revealed it. A draw that names a beacon round (decision 034)
 * also shows that round (the beacon, when it is due, the chain), the qualified list's hash published at the close,
 * and once drawn the round's randomness and signature (and on the public record the order's seed). First come and an
 * auction draw nothing and reveal no seed, so they show nothing of it.
 */
export function SchemeCommitment({ scheme }: { scheme: DrawFacts }) {
  const { t } = useTranslation('schemes');
  if (scheme.mode !== 'draw') return null;
  const { beacon, beacon_round: round } = scheme;
  return (
    <Card title={t('commitment.title')}>
      <p className="text-slate-800">{t(beacon ? 'commitment.explainBeacon' : 'commitment.explain')}</p>
      <dl className="mt-3 space-y-3">
        <HashFact
          term={t('commitment.commitment')}
          value={scheme.commitment}
          later={t('commitment.notRevealed')}
          testId="scheme-commitment"
        />
        <HashFact
          term={t('commitment.seed')}
          value={scheme.seed}
          later={t('commitment.notRevealed')}
          testId="scheme-seed"
        />
        {beacon && (
          <>
            <div>
              <dt className="text-sm font-medium text-slate-700">{t('commitment.beacon')}</dt>
              <dd className="text-slate-900" data-testid="scheme-beacon-round">
                {t('commitment.beaconRound', {
                  round: beacon.round,
                  beacon: beacon.chain.beacon_id,
                  time: formatDateTime(beacon.round_at),
                })}
                <span className="block text-sm text-slate-700">
                  <span aria-hidden="true" title={beacon.chain.hash}>
                    {t('commitment.chain', { hash: shortHash(beacon.chain.hash) })}
                  </span>
                  <span className="sr-only">{t('commitment.chain', { hash: beacon.chain.hash })}</span>
                </span>
              </dd>
            </div>
            <HashFact
              term={t('commitment.qualifiedHash')}
              value={scheme.qualified_hash}
              later={t('commitment.qualifiedHashLater')}
              testId="scheme-qualified-hash"
            />
            <HashFact
              term={t('commitment.randomness')}
              value={round?.randomness ?? null}
              later={t('commitment.randomnessLater')}
              testId="scheme-beacon-randomness"
            />
            {scheme.draw_seed !== undefined && (
              <HashFact
                term={t('commitment.drawSeed')}
                value={scheme.draw_seed}
                later={t('commitment.drawSeedLater')}
                testId="scheme-draw-seed"
              />
            )}
          </>
        )}
      </dl>
      {beacon && (
        <details className="mt-3 text-sm">
          <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
            {t('commitment.details')}
          </summary>
          <dl className="mt-2 space-y-3">
            {round && (
              <HashFact term={t('commitment.signature')} value={round.signature} testId="scheme-beacon-signature" />
            )}
            <HashFact term={t('commitment.chainHash')} value={beacon.chain.hash} testId="scheme-beacon-chain" />
            <HashFact term={t('commitment.publicKey')} value={beacon.chain.public_key} testId="scheme-beacon-key" />
          </dl>
        </details>
      )}
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
