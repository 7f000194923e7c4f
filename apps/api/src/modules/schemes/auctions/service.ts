/** The e-auction's bids and lots (decision 018, "The e-auction"). A bid is taken under its lot's row lock, in the
 * transaction that checks the lot is running, the bidder qualified and the amount high enough, numbers it, moves the
 * lot's highest bid and (in the last minutes) its end, and announces it: the notice leaves only when that commits. */
import { isApplicant, formatRupees, minimumNextBid, type LiveLot, type PlaceBidRequest } from '@portal/contract';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../db/unique-violation';
import { conflict, forbidden, HttpError, invalidField, notFound } from '../../../core/http-error';
import type { CurrentUser } from '../../../case/actor';
import {
  findApplicationsOfUserInScheme,
  findLot,
  findLotsOfScheme,
  findQualifiedEntryOfBidder,
  findSchemeForAuction,
  lockLot,
  lotEnd,
  takeBid,
  bestBidsOfLots,
  type LotRow,
} from '../repositories/auctions';
import { announceCommitted, AUCTION_CHANNEL, isRunning, liveLotOf, type LotNotice } from './live';
import { clock } from '../../../core/clock';
import { smsToApplicant } from '../../../lib/sms/outbox';

export const SCHEME_NOT_FOUND = 'Scheme not found';
const NOT_IN_SCHEME = 'This plot is not one of the scheme’s lots';
const NOT_AN_AUCTION = 'This scheme allots its plots without an auction';

const MINUTE_MS = 60_000;

const minimumOf = (lot: Pick<LotRow, 'reservePrice' | 'highestBid' | 'increment'>) =>
  minimumNextBid({ reserve_price: lot.reservePrice ?? 0, highest_bid: lot.highestBid }, lot.increment ?? 0);

/** 409 bid_too_low, naming the lowest bid taken now for the client to word. */
function bidTooLow(lot: Pick<LotRow, 'reservePrice' | 'highestBid' | 'increment'>): HttpError {
  const minimum = minimumOf(lot);
  return new HttpError(409, `Bid at least ${formatRupees(minimum)}`, 'bid_too_low', {
    refusal: { reason: 'bid_too_low', params: { minimum_bid: minimum.toFixed(2) } },
  });
}

function notRunning(lot: LotRow, now: Date): HttpError {
  const starts = lot.auctionStartsAt;
  const detail =
    lot.status === 'open' || !starts || now < starts
      ? 'Bidding on this lot has not started'
      : 'Bidding on this lot has ended';
  return conflict(detail, 'auction_not_running');
}

/** Money to the paisa: a bid with a fraction of a paisa is refused rather than rounded. */
function paise(amount: number): number {
  const inPaise = Math.round(amount * 100);
  if (Math.abs(inPaise - amount * 100) > 1e-6) {
    throw invalidField('body.amount', 'Give the bid in rupees and paise, at most two decimals');
  }
  return inPaise / 100;
}

/** Takes a bid; answers the lot as the bidder sees it now.
 *
 * Most bids at a busy lot are refused as too low; they are refused on the lot as last read, before its lock, since
 * its lowest acceptable bid only rises: a bid under it then is under it now. So only bids that may be taken queue
 * for the lock, where everything that can change is checked again. */
export async function placeBid(
  db: Database,
  user: CurrentUser,
  schemeId: string,
  plotId: string,
  request: PlaceBidRequest,
): Promise<LiveLot> {
  if (!isApplicant(user)) throw forbidden('Only a qualified bidder can bid');
  const amount = paise(request.amount);
  const seen = await findLot(db, plotId);
  if (!seen || seen.schemeId !== schemeId) throw notFound(NOT_IN_SCHEME, 'plot_not_in_scheme');
  if (seen.mode !== 'auction') throw conflict(NOT_AN_AUCTION, 'scheme_state');
  // Not started is final for now; ended is not, until the lock shows the end as a last bid may have moved it.
  const before = clock.now();
  const seenEnd = lotEnd(seen);
  if (!isRunning(seen, before) && !(seenEnd && before >= seenEnd)) throw notRunning(seen, before);
  if (amount < minimumOf(seen)) throw bidTooLow(seen);
  let notice: LotNotice;
  let taken: { lot: LotRow; now: Date };
  try {
    taken = await db.transaction(async (tx) => {
      const entry = await findQualifiedEntryOfBidder(tx, plotId, user.id);
      if (!entry) {
        throw forbidden(
          'You have no qualified application for this lot (approved, with its EMD and participation fee paid)',
          'bidder_not_qualified',
        );
      }
      const lot = await lockLot(tx, schemeId, plotId);
      if (!lot) throw notFound(NOT_IN_SCHEME, 'plot_not_in_scheme');
      // The clock is read once the lock is held: a bid that waited for the lot past its end is late.
      const now = clock.now();
      if (!isRunning(lot, now)) throw notRunning(lot, now);
      if (amount < minimumOf(lot)) throw bidTooLow(lot);
      const end = lotEnd(lot)!;
      const extended = end.getTime() - now.getTime() <= lot.extensionWindowMinutes * MINUTE_MS;
      const endsAt = extended ? new Date(end.getTime() + lot.extensionMinutes * MINUTE_MS) : end;
      const sequence = lot.bidCount + 1;
      notice = { scheme_id: schemeId, plot_id: plotId, sequence };
      await takeBid(
        tx,
        {
          schemePlotId: plotId,
          applicationId: entry.applicationId,
          bidderUserId: user.id,
          amount,
          sequence,
          placedAt: now,
          endsAtAfter: endsAt,
        },
        { channel: AUCTION_CHANNEL, payload: JSON.stringify(notice) },
      );
      // The bidder this bid outbid is told by SMS (decision 037), once per bid that outbid them.
      if (lot.highestApplicationId && lot.highestApplicationId !== entry.applicationId) {
        await smsToApplicant(
          tx,
          lot.highestApplicationId,
          'auction_outbid',
          { asset_code: lot.assetCode, amount: request.amount },
          `auction_outbid:${plotId}:${sequence}`,
        );
      }
      return {
        lot: { ...lot, highestBid: amount, highestApplicationId: entry.applicationId, bidCount: sequence, endsAt },
        now,
      };
    });
  } catch (error) {
    // The unique (lot, amount) index stops a second bid of the same amount that got past the lock's checks.
    if (isUniqueViolation(error)) {
      const lot = await findLot(db, plotId);
      throw bidTooLow(lot ?? { reservePrice: null, highestBid: amount, increment: 0 });
    }
    throw error;
  }
  announceCommitted(db, notice!);
  return liveLotOf(taken.lot, taken.now, { bid: amount, rank: 1 });
}

/** The scheme an auction's reader names: 404 when there is none, 409 scheme_state when it has no auction. */
export async function loadAuctionScheme(db: Database, schemeId: string) {
  const scheme = await findSchemeForAuction(db, schemeId);
  if (!scheme) throw notFound(SCHEME_NOT_FOUND);
  if (scheme.mode !== 'auction') throw conflict(NOT_AN_AUCTION, 'scheme_state');
  return scheme;
}

/** The viewer's applications in the scheme by lot (staff have none). */
export async function applicationsByPlotOf(
  db: Database,
  user: CurrentUser,
  schemeId: string,
): Promise<Map<string, string>> {
  if (!isApplicant(user)) return new Map();
  const rows = await findApplicationsOfUserInScheme(db, schemeId, user.id);
  return new Map(rows.map((row) => [row.plotId, row.applicationId]));
}

/** Every lot of the (auction) scheme as the user sees it now (the live view's snapshot, as JSON). */
export async function lotsOfScheme(db: Database, user: CurrentUser, schemeId: string): Promise<LiveLot[]> {
  const mine = await applicationsByPlotOf(db, user, schemeId);
  const lots = await findLotsOfScheme(db, schemeId);
  const mineIds = new Set(mine.values());
  // Each of the user's own best bids, and how many applications bid higher on that lot.
  const best = mine.size > 0 ? await bestBidsOfLots(db, [...mine.keys()]) : [];
  const now = clock.now();
  return lots.map((lot) => {
    const onLot = best.filter((bid) => bid.plotId === lot.id);
    const own = onLot.find((bid) => mineIds.has(bid.applicationId));
    const yours = own
      ? { bid: own.amount, rank: onLot.filter((bid) => bid.amount > own.amount).length + 1 }
      : { bid: null, rank: null };
    return liveLotOf(lot, now, yours);
  });
}
