/** /scheme-results/:schemeNumber (everyone, signed in or not): a scheme's public record, enough to check its result
 * by oneself, each mode in its own words: how the mode decides, the qualified list in its fixed order, the result
 * (a reserved plot given to the general order says why), the result sheet's verification code; a draw's commitment,
 * seed (with a beacon round: the round, its randomness and signature, the list's hash and the order's seed, and why
 * nobody could know the order) and how to recompute it with the script in the project's docs; an auction's bids and
 * its H1/H2 rule. No personal data beyond application numbers. */
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  formatDateTime,
  formatNumber,
  formatRupees,
  SCHEME_PATHS,
  SCHEME_RULES,
  verifyPagePath,
  type PublicScheme,
  type SchemeBeacon,
} from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { TableScroll } from '../../../../components/ui/data-table';
import { PageHeader } from '../../../../components/ui/page-header';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError, buildUrl } from '../../../../lib/api-client';
import { usePublicScheme } from '../../../../api/schemes';
import { SchemeStatusBadge, useSchemeWords } from '../components/scheme-bits';
import { SchemeCommitment } from '../components/scheme-facts';

const TH = 'px-3 py-2 text-left font-semibold text-slate-900';
const TD = 'px-3 py-2 align-top text-slate-800';
const TD_NUMBER = 'px-3 py-2 text-right align-top text-slate-800 tabular-nums';
/** An identifier (an application number, a plot code) is read whole: it stays on one line, and the table scrolls
 * sideways on a phone rather than break it at its hyphens. */
const TD_ID = 'px-3 py-2 align-top text-slate-800 tabular-nums whitespace-nowrap';

function Table({ caption, headers, children }: { caption: string; headers: string[]; children: React.ReactNode }) {
  return (
    <TableScroll caption={caption}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className={TH}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </TableScroll>
  );
}

function VerifyCommand({ command }: { command: string }) {
  return (
    // Wrapped rather than scrolled sideways: a phone shows the whole command, with no scrolling box to reach.
    <pre
      className="mt-3 whitespace-pre-wrap break-all rounded-md bg-slate-100 p-3 text-sm text-slate-900"
      data-testid="verify-command"
    >
      <code>{command}</code>
    </pre>
  );
}

/** How anyone can check a draw that named a beacon round (decision 034), step by step in plain words: the seed
 * committed at the opening, the round named then and made only after the close, the list's hash published at the
 * close; then the command that recomputes it all from this page, the beacon's signature included. */
function BeaconCheck({ record, beacon, command }: { record: PublicScheme; beacon: SchemeBeacon; command: string }) {
  const { t } = useTranslation('schemes');
  return (
    <Card title={t('public.beaconCheck.title')}>
      <ol className="list-decimal space-y-2 pl-5 text-slate-800" data-testid="beacon-check">
        <li>{t('public.beaconCheck.committed')}</li>
        <li>
          {t('public.beaconCheck.named', {
            round: beacon.round,
            beacon: beacon.chain.beacon_id,
            time: formatDateTime(beacon.round_at),
            closes: formatDateTime(record.closes_at),
          })}
        </li>
        <li>{t('public.beaconCheck.frozen')}</li>
        <li>{t('public.beaconCheck.mixed')}</li>
      </ol>
      <p className="mt-3 text-slate-800">{t('public.beaconCheck.recompute', { node: 'Node.js' })}</p>
      <VerifyCommand command={command} />
      <p className="mt-3 text-sm text-slate-700">{t('public.checkScript', { script: 'docs/verify-draw.mjs' })}</p>
    </Card>
  );
}

function Record({ record }: { record: PublicScheme }) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  const apiAddress = `${window.location.origin}${buildUrl(SCHEME_PATHS.public(record.scheme_number))}`;
  const command = `node docs/verify-draw.mjs ${apiAddress}`;
  const reservedOf = new Map(record.plots.map((plot) => [plot.plot_code, plot.reserved_for]));
  return (
    <>
      <Card>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="text-sm font-medium text-slate-700">{t('rules.mode')}</dt>
            <dd className="text-slate-900">{words.mode(record.mode)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">{t('rules.opens')}</dt>
            <dd className="text-slate-900">{formatDateTime(record.opens_at)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">{t('rules.closes')}</dt>
            <dd className="text-slate-900">{formatDateTime(record.closes_at)}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-slate-700">{t('rules.decided')}</dt>
            <dd className="text-slate-900">
              {record.decided_at ? formatDateTime(record.decided_at) : t('public.notDecided')}
            </dd>
          </div>
        </dl>
        {record.verification_code && (
          <p className="mt-4">
            <Link
              className="font-medium text-brand-700 underline underline-offset-2"
              to={verifyPagePath(record.verification_code)}
            >
              {t('public.verify', { code: record.verification_code })}
            </Link>
          </p>
        )}
      </Card>
      <Card title={t('public.howTitle')}>
        <div className="space-y-2 text-slate-800" data-testid="scheme-how">
          <p>{t(`rules.explain.${record.mode}`)}</p>
          {record.mode === 'auction' && (
            <p>{t('rules.explain.winner', { days: formatNumber(SCHEME_RULES.winnerPaysWithinDays) })}</p>
          )}
        </div>
      </Card>
      <SchemeCommitment scheme={record} />
      <Card title={t('public.plotsTitle')}>
        <Table
          caption={t('public.plotsTitle')}
          headers={[
            t('plots.plot'),
            t('plots.reservedFor'),
            ...(record.mode === 'auction' ? [t('plots.reservePrice')] : []),
          ]}
        >
          {record.plots.map((plot) => (
            <tr key={plot.plot_code}>
              <td className={TD_ID}>{plot.plot_code}</td>
              <td className={TD}>{plot.reserved_for ? words.category(plot.reserved_for) : t('plots.open')}</td>
              {record.mode === 'auction' && <td className={TD_NUMBER}>{formatRupees(plot.reserve_price)}</td>}
            </tr>
          ))}
        </Table>
      </Card>
      <Card title={t('public.qualifiedTitle')}>
        {record.qualified === null ? (
          <p className="text-slate-700">{t('public.qualifiedLater')}</p>
        ) : record.qualified.length === 0 ? (
          <p className="text-slate-700">{t('public.noneQualified')}</p>
        ) : (
          <>
            <p className="mb-3 text-slate-800">{t(`public.qualifiedOrder.${record.mode}`)}</p>
            <Table
              caption={t('public.qualifiedTitle')}
              headers={[t('public.position'), t('entries.application'), t('entries.plot'), t('entries.category')]}
            >
              {record.qualified.map((entry) => (
                <tr key={`${entry.position}-${entry.application_number}`}>
                  <td className={TD_NUMBER}>{formatNumber(entry.position)}</td>
                  <td className={TD_ID}>{entry.application_number}</td>
                  <td className={TD_ID}>{entry.plot_code}</td>
                  <td className={TD}>{words.category(entry.category)}</td>
                </tr>
              ))}
            </Table>
          </>
        )}
      </Card>
      <Card title={t('public.resultTitle')}>
        {record.result === null ? (
          <p className="text-slate-700">{t('public.resultLater')}</p>
        ) : record.result.length === 0 ? (
          <p className="text-slate-700">{t('public.noResult')}</p>
        ) : (
          <Table
            caption={t('public.resultTitle')}
            headers={[
              t('entries.plot'),
              t('entries.application'),
              t('entries.outcome'),
              t('entries.rank'),
              t('entries.amount'),
            ]}
          >
            {record.result.map((line) => (
              <tr key={`${line.plot_code}-${line.application_number}`}>
                <td className={TD_ID}>{line.plot_code}</td>
                <td className={TD_ID}>{line.application_number}</td>
                <td className={TD}>
                  {words.outcome(line.outcome)}
                  {line.reason && reservedOf.get(line.plot_code) && (
                    <span className="block text-slate-700">
                      {t(`reasons.${line.reason}`, { category: words.category(reservedOf.get(line.plot_code)!) })}
                    </span>
                  )}
                </td>
                <td className={TD_NUMBER}>{line.rank === null ? '—' : formatNumber(line.rank)}</td>
                <td className={TD_NUMBER}>{line.amount === null ? '—' : formatRupees(line.amount)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Card>
      {record.mode === 'auction' && (
        <Card title={t('public.bidsTitle')}>
          {record.bids === null || record.bids.length === 0 ? (
            <p className="text-slate-700">{record.bids === null ? t('public.bidsLater') : t('public.noBids')}</p>
          ) : (
            <Table caption={t('public.bidsTitle')} headers={[t('entries.plot'), t('public.bid'), t('public.placedAt')]}>
              {record.bids.map((bid, index) => (
                <tr key={`${bid.plot_code}-${bid.placed_at}-${index}`}>
                  <td className={TD_ID}>{bid.plot_code}</td>
                  <td className={TD_NUMBER}>{formatRupees(bid.amount)}</td>
                  <td className={TD}>{formatDateTime(bid.placed_at)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      )}
      {record.mode === 'draw' && record.beacon && (
        <BeaconCheck record={record} beacon={record.beacon} command={command} />
      )}
      {record.mode === 'draw' && !record.beacon && (
        <Card title={t('public.checkTitle')}>
          <p className="text-slate-800">{t('public.checkExplain', { node: 'Node.js' })}</p>
          <VerifyCommand command={command} />
          <p className="mt-3 text-sm text-slate-700">{t('public.checkScript', { script: 'docs/verify-draw.mjs' })}</p>
        </Card>
      )}
    </>
  );
}

export default function SchemeResultPage() {
  const { t } = useTranslation('schemes');
  const { schemeNumber = '' } = useParams();
  const record = usePublicScheme(schemeNumber);

  let body;
  if (record.isPending) {
    // A screen high, as the route's own placeholder: the page below (and the footer) does not jump when the record comes.
    body = <Spinner label={t('loading')} align="start" className="min-h-screen" />;
  } else if (record.isError) {
    const status = record.error instanceof ApiError ? record.error.status : 0;
    body = (
      <Card>
        <p role="alert" className="font-medium text-red-800">
          {status === 404 ? t('public.notFound') : status === 429 ? t('public.rateLimited') : t('public.failed')}
        </p>
        {status !== 404 && (
          <Button className="mt-4" variant="secondary" busy={record.isRefetching} onClick={() => void record.refetch()}>
            {t('retry')}
          </Button>
        )}
      </Card>
    );
  } else {
    body = <Record record={record.data} />;
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={record.data ? record.data.title : t('public.title', { number: schemeNumber })}
        // While the record comes, a blank line holds the subtitle's room, so the page does not move down when it shows.
        subtitle={record.data ? t('public.subtitle', { number: record.data.scheme_number }) : '\u00a0'}
        badge={record.data && <SchemeStatusBadge status={record.data.status} />}
      />
      {body}
    </div>
  );
}
