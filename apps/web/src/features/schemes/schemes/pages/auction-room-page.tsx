/** /schemes/:id/auction (entrepreneurs): the auction room. Per lot: the highest bid, the lowest bid taken next, the
 * time left counted from the server's clock, one's own bid and rank, and a bid form. Prices change live, without a
 * reload (./live-lots); a polite live region says when a lot has a new highest bid, when its end is extended and when
 * its bidding closes (never on each tick of the countdown). After the close, the room shows what became of one's
 * entries. */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  amountInWords,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRupees,
  isInvoiceOwed,
  readRefusal,
  rupeesInputValue,
  SCHEME_RULES,
  type LiveLot,
  type SchemeDetail,
} from '@portal/contract';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-step';
import { Card } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { PageHeader } from '../../../../components/ui/page-header';
import { QueryState } from '../../../../components/ui/query-state';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiError, errorCode, errorDetail } from '../../../../lib/api-client';
import { useInvoices } from '../../../../api/invoices';
import { schemeKeys, usePlaceBid, useScheme } from '../../../../api/schemes';
import { schemePaths, useSchemeWords } from '../components/scheme-bits';
import { useLiveLots, useServerNow, type LiveStatus } from '../lib/live-lots';
import { lotState, useTimeLeftWords } from '../lib/lot-state';

/** The words of a refused bid, from its code and parameters. */
export function useBidErrorWords() {
  const { t } = useTranslation('schemes');
  return (error: unknown): string => {
    const code = errorCode(error);
    if (code === 'bid_too_low') {
      const refusal = error instanceof ApiError ? readRefusal(error.body) : null;
      return refusal?.reason === 'bid_too_low'
        ? t('room.errors.bid_too_low', { minimum: formatRupees(refusal.params.minimum_bid) })
        : t('room.errors.bid_too_low_plain');
    }
    if (code === 'auction_not_running' || code === 'bidder_not_qualified' || code === 'plot_not_in_scheme') {
      return t(`room.errors.${code}`);
    }
    if (code === 'validation_failed') return t('room.errors.amount');
    return errorDetail(error, t('room.errors.failed'));
  };
}

function LotCard({
  schemeId,
  startsAt,
  lot,
  serverNow,
  onBid,
}: {
  schemeId: string;
  startsAt: string | null;
  lot: LiveLot;
  serverNow: number;
  onBid: (lot: LiveLot) => void;
}) {
  const { t, i18n } = useTranslation('schemes');
  const timeLeft = useTimeLeftWords();
  const bidError = useBidErrorWords();
  const place = usePlaceBid(schemeId);
  const [amount, setAmount] = useState(rupeesInputValue(lot.minimum_next_bid));
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string>();
  const left = Date.parse(lot.ends_at) - serverNow;
  const state = lotState(lot, serverNow, startsAt);
  const open = state === 'open';
  const fieldId = `bid-${lot.plot_id}`;

  // Until the bidder types, the form follows the lowest bid taken now.
  useEffect(() => {
    if (!edited) setAmount(rupeesInputValue(lot.minimum_next_bid));
  }, [lot.minimum_next_bid, edited]);

  // A bid binds the bidder: the form only leads to the amount in words, and Place bid there sends it (decision 024).
  const [confirming, setConfirming] = useState<number>();
  const wordsLanguage = (['en', 'hi', 'te'] as const).find((code) => code === i18n.resolvedLanguage) ?? 'en';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    const value = Number(amount.replace(/[,\s₹]/g, ''));
    if (!Number.isFinite(value) || value <= 0) {
      setError(t('room.errors.amount'));
      return;
    }
    setConfirming(value);
  };
  const confirmBid = (value: number) => {
    place.mutate(
      { plotId: lot.plot_id, body: { amount: value } },
      {
        onSuccess: (next) => {
          onBid(next);
          setEdited(false);
          setConfirming(undefined);
          toast.success(t('room.placed', { amount: formatRupees(value), plot: lot.plot_code }));
        },
        onError: (failure) => {
          setConfirming(undefined);
          setError(bidError(failure));
        },
      },
    );
  };

  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid={`lot-${lot.plot_code}`}>
      <h2 className="text-lg font-semibold text-slate-900">{t('room.lot', { plot: lot.plot_code })}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('room.highest')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="lot-highest">
            {lot.highest_bid === null ? t('room.noBids') : formatRupees(lot.highest_bid)}
          </dd>
          <dd className="text-sm text-slate-700">
            {t('room.bidCount', { count: lot.bid_count, shown: formatNumber(lot.bid_count) })}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('room.timeLeft')}</dt>
          <dd className="text-xl font-bold text-slate-900" data-testid="lot-time-left">
            {open ? timeLeft(left) : state === 'not_started' ? t('room.notStarted') : t('room.closed')}
          </dd>
          <dd className="text-sm text-slate-700">{t('room.endsAt', { at: formatDateTime(lot.ends_at) })}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('room.yourBid')}</dt>
          <dd className="text-slate-900" data-testid="lot-your-bid">
            {lot.your_bid === null ? t('room.noBidYet') : formatRupees(lot.your_bid)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">{t('room.yourRank')}</dt>
          <dd className="text-slate-900" data-testid="lot-your-rank">
            {lot.your_rank === null
              ? '—'
              : lot.your_rank === 1
                ? t('room.rankFirst')
                : t('room.rank', { rank: formatNumber(lot.your_rank) })}
          </dd>
        </div>
      </dl>
      {open ? (
        <form className="mt-4 space-y-3" noValidate onSubmit={submit}>
          <Field
            id={fieldId}
            label={t('room.amount')}
            hint={t('room.minimum', { amount: formatRupees(lot.minimum_next_bid) })}
            error={error}
          >
            <Input
              inputMode="decimal"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setEdited(true);
              }}
            />
          </Field>
          <Button type="submit" busy={place.isPending} busyText={t('room.placing')}>
            {t('room.placeBid')}
          </Button>
          <ConfirmDialog
            open={confirming !== undefined}
            onOpenChange={(next) => {
              if (!next) setConfirming(undefined);
            }}
            title={t('room.confirm.title', { plot: lot.plot_code })}
            statement={t('room.confirm.statement', {
              amount: formatRupees(confirming ?? 0),
              plot: lot.plot_code,
            })}
            details={
              <p className="text-slate-800">
                {t('room.confirm.words', { words: amountInWords(confirming ?? 0, wordsLanguage) })}
              </p>
            }
            consequence={t('room.confirm.consequence')}
            confirmLabel={t('room.placeBid')}
            busy={place.isPending}
            busyText={t('room.placing')}
            onConfirm={() => {
              if (confirming !== undefined && !place.isPending) confirmBid(confirming);
            }}
          />
        </form>
      ) : (
        <p className="mt-4 font-medium text-slate-900" data-testid="lot-closed">
          {state === 'not_started' ? t('room.notStartedLong', { at: formatDateTime(startsAt) }) : t('room.closed')}
        </p>
      )}
    </li>
  );
}

/** What one lot's change says aloud: a new highest bid, an extended end, the bidding's close. */
function useAnnouncements(lots: LiveLot[], serverNow: number, startsAt: string | null): string {
  const { t } = useTranslation('schemes');
  const seen = useRef(new Map<string, { highest: number | null; endsAt: string; open: boolean }>());
  const [message, setMessage] = useState('');
  useEffect(() => {
    const said: string[] = [];
    for (const lot of lots) {
      const open = lotState(lot, serverNow, startsAt) === 'open';
      const before = seen.current.get(lot.plot_id);
      if (before) {
        if (lot.highest_bid !== null && lot.highest_bid !== before.highest) {
          said.push(t('room.announce.highest', { plot: lot.plot_code, amount: formatRupees(lot.highest_bid) }));
        }
        if (Date.parse(lot.ends_at) > Date.parse(before.endsAt)) {
          said.push(t('room.announce.extended', { plot: lot.plot_code, at: formatDateTime(lot.ends_at) }));
        }
        if (before.open && !open) said.push(t('room.announce.closed', { plot: lot.plot_code }));
      }
      seen.current.set(lot.plot_id, { highest: lot.highest_bid, endsAt: lot.ends_at, open });
    }
    if (said.length > 0) setMessage(said.join(' '));
  }, [lots, serverNow, startsAt, t]);
  return message;
}

function ConnectionStatus({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('schemes');
  const tone = status === 'live' ? 'text-green-800' : 'text-amber-900';
  return (
    <p role="status" className={`font-medium ${tone}`} data-testid="live-status">
      {t(`room.connection.${status}`)}
    </p>
  );
}

/** A winner's premium invoice: what to pay and by when. */
function WinnerInvoice({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation('schemes');
  const invoices = useInvoices(applicationId);
  const premium = invoices.data?.find(
    (invoice) => invoice.invoice_type === 'premium_instalment' && isInvoiceOwed(invoice.status),
  );
  if (!premium) return null;
  return (
    <p className="font-medium text-slate-900" data-testid="winner-invoice">
      {t('room.payBy', {
        amount: formatRupees(premium.amount_due),
        number: premium.invoice_number,
        date: formatDate(premium.due_date),
      })}
    </p>
  );
}

function Outcomes({ scheme }: { scheme: SchemeDetail }) {
  const { t } = useTranslation('schemes');
  const words = useSchemeWords();
  if (scheme.status !== 'decided' || scheme.my_entries.length === 0) return null;
  return (
    <Card title={t('room.outcomesTitle')} aria-label={t('room.outcomesTitle')}>
      <ul className="divide-y divide-slate-200">
        {scheme.my_entries.map((entry) => (
          <li key={entry.application_id} className="py-3">
            <p className="font-medium text-slate-900">
              {t('room.outcomeLine', {
                application: entry.application_number,
                plot: entry.plot_code,
                outcome: words.outcome(entry.outcome),
              })}
            </p>
            {entry.outcome && <p className="text-slate-800">{t(`mine.next.${entry.outcome}`)}</p>}
            {entry.outcome === 'won' && <WinnerInvoice applicationId={entry.application_id} />}
            <Link className="font-medium text-brand-700 underline" to={schemePaths.myApplication(entry.application_id)}>
              {t('room.openApplication')}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Room({ scheme }: { scheme: SchemeDetail }) {
  const { t } = useTranslation('schemes');
  const live = useLiveLots(scheme.id, { enabled: scheme.mode === 'auction' });
  const serverNow = useServerNow(live.clockOffsetMs, live.lots.length > 0);
  const announcement = useAnnouncements(live.lots, serverNow, scheme.auction_starts_at);
  const queryClient = useQueryClient();
  const allClosed = live.lots.length > 0 && live.lots.every((lot) => Date.parse(lot.ends_at) <= serverNow);
  // Once every lot has closed the server decides the auction; the outcomes are read again until it has.
  useEffect(() => {
    if (!allClosed || scheme.status === 'decided') return undefined;
    const timer = setInterval(() => void queryClient.invalidateQueries({ queryKey: schemeKeys.one(scheme.id) }), 5000);
    return () => clearInterval(timer);
  }, [allClosed, scheme.status, scheme.id, queryClient]);

  let lots;
  if (live.failed) {
    lots = (
      <EmptyState
        message={<span className="text-red-800">{t('room.loadFailed')}</span>}
        action={
          <Button variant="secondary" onClick={live.retry}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (live.lots.length === 0) {
    lots = live.status === 'connecting' ? <Spinner label={t('room.loading')} /> : <p>{t('room.noLots')}</p>;
  } else {
    lots = (
      <ul className="grid gap-4 md:grid-cols-2" aria-label={t('room.lotsLabel')}>
        {live.lots.map((lot) => (
          <LotCard
            key={lot.plot_id}
            schemeId={scheme.id}
            startsAt={scheme.auction_starts_at}
            lot={lot}
            serverNow={serverNow}
            onBid={live.apply}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('room.title')}
        subtitle={t('room.subtitle', { number: scheme.scheme_number, title: scheme.title })}
        actions={
          <Link to={schemePaths.detail(scheme.id)} className="font-medium text-brand-700 underline">
            {t('room.back')}
          </Link>
        }
      />
      <Card>
        <p className="text-slate-800">
          {t('room.rules', {
            increment: formatRupees(scheme.increment),
            window: formatNumber(scheme.extension_window_minutes),
            minutes: formatNumber(scheme.extension_minutes),
          })}
        </p>
        <p className="mt-2 text-slate-800">
          {t('room.privacy', { days: formatNumber(SCHEME_RULES.winnerPaysWithinDays) })}
        </p>
        <div className="mt-2">
          <ConnectionStatus status={live.status} />
        </div>
      </Card>
      <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="auction-announcer">
        {announcement}
      </div>
      <Outcomes scheme={scheme} />
      {lots}
    </div>
  );
}

export default function AuctionRoomPage() {
  const { t } = useTranslation('schemes');
  const { id = '' } = useParams();
  const scheme = useScheme(id);
  return (
    <QueryState query={scheme} errorMessage={t('loadOneFailed')} loadingLabel={t('loading')}>
      {(data) =>
        data.mode === 'auction' ? (
          <Room scheme={data} />
        ) : (
          <EmptyState
            message={t('room.notAuction')}
            action={
              <Link to={schemePaths.detail(data.id)} className="font-medium text-brand-700 underline">
                {t('room.back')}
              </Link>
            }
          />
        )
      }
    </QueryState>
  );
}
