/**
 * Schemes (product decisions section 12, decision 018): an officer publishes one (its plots, window, rules and mode,
 * with the draw's seed committed at once); entrepreneurs apply in it while it takes applications; closing freezes
 * the qualified list (approved with the deposits paid) and rejects the rest; deciding runs first come or the draw
 * and settles every entry through the case engine. Every change checks the scheme's status in the transaction that
 * writes the next one, under the scheme's row lock.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  isApplicant,
  can,
  leavesFrom,
  SCHEME_RULES,
  ROUTES,
  auctionEmd,
  type BeaconChain,
  type BeaconRound,
  type SchemeDetail,
  type SchemeEntry,
  type SchemeEntryListQuery,
  type SchemeEntryRow,
  type SchemeListQuery,
  type SchemeSummary,
  type createSchemeRequestSchema,
} from '@portal/contract';
import type { Database } from '../../../db/client';
import { lockAuditChain } from '../../../db/audit-context';
import { conflict, forbidden, HttpError, notFound } from '../../../core/http-error';
import type { Page } from '../../../core/list-page';
import { actorOf, type CurrentUser } from '../../../case/actor';
import { schemeAccepting, SCHEME_NOT_FOUND } from '../rules/scheme-window';
import { fire } from '../../applications/rules/transition';
import { moveScheme, type SchemeMover } from '../rules/scheme-moves';
import { findAssetById, setAssetStatusIf, type AssetRow } from '../../../repositories/assets';
import { lockApplication } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import {
  countQualified,
  countSchemeApplications,
  countSchemePlots,
  findAssetsInUndecidedSchemes,
  findOwnSchemeEntries,
  findQualifiedList,
  findSchemeApplicationsForClose,
  findSchemeById,
  findSchemePlots,
  findSchemeResult,
  findSchemeSeed,
  findSchemesToClose,
  findUserName,
  findWaitingDraws,
  recordDrawWait,
  setSchemeQualifiedHash,
  insertScheme,
  insertSchemeEntries,
  insertSchemePlots,
  lockScheme,
  searchSchemeEntries,
  searchSchemes,
  userAppliedInScheme,
  type NewSchemeEntry,
  type SchemeRow,
  releaseUnclaimedSchemePlots,
} from '../repositories/schemes';
import {
  allocate,
  beaconDrawSeed,
  commitmentOf,
  drawOrder,
  qualifiedListHash,
  winnerReason,
} from '../rules/scheme-draw';
import { drawBeaconColumns, readBeaconRound, whereToRead, type DrawBeacon } from '../../../lib/beacon';
import { settleSchemeOutcomes, type SchemeOutcomeLine } from '../rules/scheme-outcomes';
import { refreshPublicScheme, schemeBeaconFacts } from '../rules/public-scheme-record';
import { deliver } from '../../../lib/notify';
import { activeUsersWithRole } from '../../../repositories/notifications';
import { findUserById } from '../../../repositories/users';
import { clock } from '../../../core/clock';

export { SCHEME_NOT_FOUND };

const schemeState = (detail: string) => conflict(detail, 'scheme_state');

/** Whether the user sees every scheme (staff who read schemes) or only their own and the open ones. */
function isStaffReader(user: CurrentUser): boolean {
  return !isApplicant(user) && can(user.role, 'read:schemes');
}

// ---------- publish ----------

/**
 * The reserved plots: walking the reservations in the order given, each takes floor(share_percent x N / 100) of the
 * plots not yet reserved, in position order (the plots ordered by asset code). Answers each position's category.
 */
export function reservePlots(
  plotCount: number,
  reservations: readonly { category: string; share_percent: number }[],
): (string | null)[] {
  const reservedFor: (string | null)[] = Array.from({ length: plotCount }, () => null);
  let next = 0;
  for (const reservation of reservations) {
    const take = Math.floor((reservation.share_percent * plotCount) / 100);
    for (let taken = 0; taken < take && next < plotCount; taken++) reservedFor[next++] = reservation.category;
  }
  return reservedFor;
}

export async function publishScheme(
  db: Database,
  user: CurrentUser,
  body: z.output<typeof createSchemeRequestSchema>,
  beacon: DrawBeacon,
): Promise<SchemeDetail> {
  // A draw names its beacon round now, with the commitment: the first round after applications close.
  const closesAt = new Date(body.closes_at);
  const drawBeacon = body.mode === 'draw' ? drawBeaconColumns(beacon, closesAt) : {};
  const id = await db.transaction(async (tx) => {
    // Publishing takes the audit chain's lock first: two schemes offering one plot at once are checked one at a time.
    await lockAuditChain(tx);
    const assets: { asset: AssetRow; reservePrice: number | null }[] = [];
    for (const plot of body.plots) {
      const asset = await findAssetById(tx, plot.asset_id);
      if (!asset) throw notFound(`Plot ${plot.asset_id} not found`);
      if (asset.status !== 'available') throw schemeState(`Plot ${asset.assetCode} is not available`);
      assets.push({ asset, reservePrice: plot.reserve_price ?? null });
    }
    const offered = await findAssetsInUndecidedSchemes(
      tx,
      assets.map(({ asset }) => asset.id),
    );
    if (offered.length > 0) {
      const codes = offered.map((row) => {
        const code = assets.find(({ asset }) => asset.id === row.assetId)!.asset.assetCode;
        return `${code} (${row.schemeNumber})`;
      });
      throw schemeState(`These plots are already offered in a scheme not yet decided: ${codes.join(', ')}`);
    }
    assets.sort((a, b) => (a.asset.assetCode < b.asset.assetCode ? -1 : a.asset.assetCode > b.asset.assetCode ? 1 : 0));
    const reservedFor = reservePlots(assets.length, body.reservations);
    const seed = randomBytes(SCHEME_RULES.seedBytes).toString('hex');
    const number = await nextNumber(tx, 'scheme');
    const auction = body.mode === 'auction';
    const scheme = await insertScheme(
      tx,
      {
        schemeNumber: number,
        title: body.title,
        mode: body.mode,
        opensAt: new Date(body.opens_at),
        closesAt,
        reservations: body.reservations,
        minInvestment: body.min_investment,
        increment: auction ? (body.increment ?? null) : null,
        auctionStartsAt: auction && body.auction_starts_at ? new Date(body.auction_starts_at) : null,
        auctionEndsAt: auction && body.auction_ends_at ? new Date(body.auction_ends_at) : null,
        extensionWindowMinutes: body.extension_window_minutes,
        extensionMinutes: body.extension_minutes,
        commitment: commitmentOf(seed),
        ...drawBeacon,
        createdBy: user.id,
        searchText: `${number} ${body.title}`.toLowerCase(),
      },
      seed,
    );
    await insertSchemePlots(
      tx,
      assets.map(({ asset, reservePrice }, index) => ({
        schemeId: scheme.id,
        assetId: asset.id,
        position: index + 1,
        reservedFor: (reservedFor[index] ?? null) as never,
        reservePrice: auction ? reservePrice : null,
        endsAt: auction && body.auction_ends_at ? new Date(body.auction_ends_at) : null,
      })),
    );
    // Held for the scheme from now: nobody applies for them outside it, and no other scheme offers them.
    for (const { asset } of assets) {
      if (!(await setAssetStatusIf(tx, asset.id, ['available'], 'reserved'))) {
        throw schemeState(`Plot ${asset.assetCode} is not available`);
      }
    }
    await refreshPublicScheme(tx, scheme.id);
    return scheme.id;
  });
  return getScheme(db, user, id);
}

// ---------- read ----------

async function describeScheme(db: Database, scheme: SchemeRow): Promise<Omit<SchemeDetail, 'my_entries'>> {
  const plots = await findSchemePlots(db, scheme.id);
  const applicationCount = (await countSchemeApplications(db, [scheme.id])).get(scheme.id) ?? 0;
  const result = scheme.status === 'decided' ? await findSchemeResult(db, scheme.id) : [];
  const auction = scheme.mode === 'auction';
  return {
    id: scheme.id,
    scheme_number: scheme.schemeNumber,
    title: scheme.title,
    mode: scheme.mode,
    status: scheme.status,
    opens_at: scheme.opensAt.toISOString(),
    closes_at: scheme.closesAt.toISOString(),
    accepting: schemeAccepting(scheme),
    reservations: scheme.reservations as SchemeDetail['reservations'],
    min_investment: scheme.minInvestment,
    increment: scheme.increment,
    auction_starts_at: scheme.auctionStartsAt?.toISOString() ?? null,
    auction_ends_at: scheme.auctionEndsAt?.toISOString() ?? null,
    extension_window_minutes: scheme.extensionWindowMinutes,
    extension_minutes: scheme.extensionMinutes,
    participation_fee: auction ? SCHEME_RULES.participationFee : null,
    commitment: scheme.commitment,
    // The seed only once the draw revealed it: it is read from the scheme row, never from the secret's table.
    seed: scheme.revealedSeed,
    ...schemeBeaconFacts(scheme),
    draw_wait:
      scheme.status === 'closed' && scheme.drawRequestedAt && scheme.drawWaitReason && scheme.drawTriedAt
        ? {
            reason: scheme.drawWaitReason,
            requested_at: scheme.drawRequestedAt.toISOString(),
            tried_at: scheme.drawTriedAt.toISOString(),
          }
        : null,
    plots: plots.map((plot) => {
      const won = result.find((line) => line.plotCode === plot.assetCode && line.outcome === 'won');
      return {
        id: plot.id,
        asset_id: plot.assetId,
        asset_code: plot.assetCode,
        zone: plot.zone,
        location: plot.location,
        total_area: plot.totalArea,
        unit: plot.unit,
        valuation: plot.valuation,
        reserved_for: plot.reservedFor,
        reserve_price: plot.reservePrice,
        emd: auction && plot.reservePrice !== null ? auctionEmd(plot.reservePrice) : null,
        ends_at: plot.endsAt?.toISOString() ?? null,
        highest_bid: plot.highestBid,
        bid_count: plot.bidCount,
        winner_application_number: plot.winnerApplicationNumber ?? won?.applicationNumber ?? null,
        winning_amount: plot.winningAmount ?? won?.amount ?? null,
        winner_reason: won ? winnerReason(scheme.mode, won.reservedFor, won.category) : null,
      };
    }),
    application_count: applicationCount,
    qualified_count: scheme.status === 'open' ? null : await countQualified(db, scheme.id),
    closed_at: scheme.closedAt?.toISOString() ?? null,
    decided_at: scheme.decidedAt?.toISOString() ?? null,
    decided_by_name: await findUserName(db, scheme.decidedBy),
    created_at: scheme.createdAt.toISOString(),
  };
}

/** The scheme as the user may see it: staff who read schemes see any; an entrepreneur one taking applications now
 * or one they applied in (404 otherwise). */
async function loadVisibleScheme(db: Database, user: CurrentUser, id: string): Promise<SchemeRow> {
  const scheme = await findSchemeById(db, id);
  if (isApplicant(user)) {
    if (!scheme) throw notFound(SCHEME_NOT_FOUND);
    if (schemeAccepting(scheme) || (await userAppliedInScheme(db, scheme.id, user.id))) return scheme;
    throw notFound(SCHEME_NOT_FOUND);
  }
  if (!isStaffReader(user)) throw forbidden();
  if (!scheme) throw notFound(SCHEME_NOT_FOUND);
  return scheme;
}

export async function getScheme(db: Database, user: CurrentUser, id: string): Promise<SchemeDetail> {
  const scheme = await loadVisibleScheme(db, user, id);
  const myEntries: SchemeEntry[] = isApplicant(user)
    ? (await findOwnSchemeEntries(db, scheme.id, user.id)).map((row) => ({
        application_id: row.applicationId,
        application_number: row.applicationNumber,
        plot_id: row.plotId,
        plot_code: row.plotCode,
        qualified: row.qualified ?? null,
        outcome: row.outcome ?? null,
        emd_forfeited: row.emdForfeited ?? false,
      }))
    : [];
  return { ...(await describeScheme(db, scheme)), my_entries: myEntries };
}

export async function listSchemes(
  db: Database,
  user: CurrentUser,
  query: SchemeListQuery,
): Promise<Page<SchemeSummary>> {
  if (!isApplicant(user) && !isStaffReader(user)) throw forbidden();
  const now = clock.now();
  // An entrepreneur: the schemes taking applications now, and those they applied in.
  const page = await searchSchemes(db, query, now, isApplicant(user) ? user.id : undefined);
  const ids = page.items.map((row) => row.id);
  const [applicationCounts, plotCounts] = [await countSchemeApplications(db, ids), await countSchemePlots(db, ids)];
  return {
    ...page,
    items: page.items.map((scheme) => ({
      id: scheme.id,
      scheme_number: scheme.schemeNumber,
      title: scheme.title,
      mode: scheme.mode,
      status: scheme.status,
      opens_at: scheme.opensAt.toISOString(),
      closes_at: scheme.closesAt.toISOString(),
      accepting: schemeAccepting(scheme, now),
      auction_starts_at: scheme.auctionStartsAt?.toISOString() ?? null,
      auction_ends_at: scheme.auctionEndsAt?.toISOString() ?? null,
      application_count: applicationCounts.get(scheme.id) ?? 0,
      created_at: scheme.createdAt.toISOString(),
      plot_count: plotCounts.get(scheme.id) ?? 0,
    })),
  };
}

/** The scheme's submitted applications and what became of each, a page at a time (staff). */
export async function listSchemeEntries(
  db: Database,
  user: CurrentUser,
  id: string,
  query: SchemeEntryListQuery,
): Promise<Page<SchemeEntryRow>> {
  const scheme = await loadVisibleScheme(db, user, id);
  if (isApplicant(user)) throw forbidden();
  const page = await searchSchemeEntries(db, scheme.id, query);
  return {
    ...page,
    items: page.items.map((row) => ({
      application_id: row.applicationId,
      application_number: row.applicationNumber,
      organization_name: row.organizationName,
      plot_code: row.plotCode,
      category: row.category,
      status: row.status,
      qualified: row.qualified,
      list_position: row.listPosition,
      rank: row.rank,
      outcome: row.outcome,
      amount: row.amount,
      emd_forfeited: row.emdForfeited,
    })),
  };
}

// ---------- close ----------

/**
 * Closes an open scheme past its closing time, in the caller's transaction under the scheme's row lock: every
 * submitted application gets its entry (qualified: approved with its EMD, and an auction's participation fee, paid);
 * the qualified list is numbered in the mode's fixed order (first come: by submission time, then number; draw and
 * auction: by application number); the others are not qualified and the engine moves them to rejected (their paid
 * EMD due back). Drafts stay drafts.
 */
async function closeLocked(tx: Database, scheme: SchemeRow, by: SchemeMover, now: Date): Promise<SchemeRow> {
  const closed = await moveScheme(tx, scheme, by === 'system' ? 'close_on_time' : 'close', by, now, { closedAt: now });
  const plots = await findSchemePlots(tx, scheme.id);
  const plotOfAsset = new Map(plots.map((plot) => [plot.assetId, plot.id]));
  const submitted = await findSchemeApplicationsForClose(tx, scheme.id);
  const isQualified = (row: (typeof submitted)[number]) => row.status === 'approved' && row.unpaidDeposits === 0;
  const qualified = submitted.filter(isQualified);
  if (scheme.mode === 'first_come') {
    qualified.sort(
      (a, b) =>
        (a.submittedAt?.getTime() ?? 0) - (b.submittedAt?.getTime() ?? 0) ||
        (a.applicationNumber < b.applicationNumber ? -1 : 1),
    );
  }
  const position = new Map(qualified.map((row, index) => [row.id, index + 1]));
  const entries: NewSchemeEntry[] = submitted
    .filter((row) => plotOfAsset.has(row.assetId))
    .map((row) => ({
      applicationId: row.id,
      schemeId: scheme.id,
      schemePlotId: plotOfAsset.get(row.assetId)!,
      category: row.category,
      qualified: position.has(row.id),
      listPosition: position.get(row.id) ?? null,
      outcome: position.has(row.id) ? null : 'not_qualified',
      decidedAt: position.has(row.id) ? null : now,
    }));
  await insertSchemeEntries(tx, entries);
  // The frozen list's hash, published with it: the draw's seed mixes it in, so the list cannot change unseen.
  await setSchemeQualifiedHash(tx, scheme.id, qualifiedListHash(await findQualifiedList(tx, scheme.id)));
  for (const row of submitted) {
    if (position.has(row.id) || !leavesFrom('scheme_not_allotted', row.status)) continue;
    const application = await lockApplication(tx, row.id);
    if (!application) continue;
    await fire(tx, application, {
      event: 'scheme_not_allotted',
      by: 'system',
      params: { scheme_number: scheme.schemeNumber, outcome: 'not_qualified', rank: null },
    });
  }
  await releaseUnclaimedSchemePlots(tx, scheme.id);
  await refreshPublicScheme(tx, scheme.id);
  return closed;
}

/** POST /schemes/{id}/close: an officer closes a scheme whose closing time has passed. */
export async function closeScheme(db: Database, user: CurrentUser, id: string): Promise<SchemeDetail> {
  await db.transaction(async (tx) => {
    const scheme = await lockScheme(tx, id);
    if (!scheme) throw notFound(SCHEME_NOT_FOUND);
    await closeLocked(tx, scheme, user, clock.now());
  });
  return getScheme(db, user, id);
}

/** The sweep: closes every open scheme past its closing time, each in its own transaction. Answers how many. */
export async function closeDueSchemes(db: Database, now = clock.now(), limit = 50): Promise<number> {
  let closed = 0;
  for (const id of await findSchemesToClose(db, now, limit)) {
    const done = await db.transaction(async (tx) => {
      const scheme = await lockScheme(tx, id);
      if (!scheme || scheme.status !== 'open' || scheme.closesAt > now) return false;
      await closeLocked(tx, scheme, 'system', now);
      return true;
    });
    if (done) closed++;
  }
  return closed;
}

// ---------- decide ----------

/** Whether deciding the scheme needs its beacon round from the beacon: a closed draw that names a round not yet had.
 * Draws published before the beacon (no round named) draw from their committed seed alone. */
function needsBeaconRound(scheme: SchemeRow): scheme is SchemeRow & { beaconChain: BeaconChain; beaconRound: number } {
  return (
    scheme.mode === 'draw' &&
    scheme.status === 'closed' &&
    scheme.beaconChain !== null &&
    scheme.beaconRound !== null &&
    scheme.beaconRandomness === null
  );
}

/** Tells the head office, once per scheme, that a round came with a false signature and was refused. */
async function notifyBeaconRoundRefused(tx: Database, scheme: SchemeRow, round: number): Promise<void> {
  await deliver(tx, await activeUsersWithRole(tx, 'ho'), {
    code: 'beacon_round_refused',
    params: { scheme_number: scheme.schemeNumber, round, beacon_id: scheme.beaconChain?.beacon_id ?? null },
    link: ROUTES.officerSchemeDetail.path.replace(':id', scheme.id),
    applicationId: null,
    dedupeKey: (recipient) => `beacon_round_refused:${scheme.id}:${recipient.id}`,
  });
}

/** The officer who asked for a draw, as the sweep acts for them. */
async function askerOf(db: Database, userId: string): Promise<CurrentUser | undefined> {
  const row = await findUserById(db, userId);
  return row && { id: row.id, email: row.email, fullName: row.fullName, role: row.role, zone: row.zone };
}

/** What deciding answered: decided, or (a draw) waiting for its beacon round, asked for and tried again every minute. */
export interface DecideAnswer {
  scheme: SchemeDetail;
  drawn: boolean;
}

/**
 * POST /schemes/{id}/decide: runs first come (the order is the published list) or the draw (the seed revealed and,
 * for a draw that names a beacon round, mixed with the round's randomness and the frozen list's hash; the list
 * shuffled by modules/schemes/rules/scheme-draw.ts), allocates the plots over the order and settles every qualified entry. Once only:
 * a second call answers 409 scheme_decided, and of two at once the scheme's row lock lets one through.
 *
 * A draw's round is read before the transaction (the beacon may be slow): not had (not made yet, the beacon down, or
 * its signature false), the request is recorded with the reason and the draw sweep tries again every minute; the
 * scheme is answered as it stands, not drawn. A round whose signature does not verify is never used, and the head
 * office is told once.
 */
export async function decideScheme(
  db: Database,
  user: CurrentUser,
  id: string,
  beacon: DrawBeacon,
  issueResultSheet?: (schemeId: string) => Promise<unknown>,
): Promise<DecideAnswer> {
  const before = await findSchemeById(db, id);
  if (!before) throw notFound(SCHEME_NOT_FOUND);
  let round: BeaconRound | null = null;
  if (needsBeaconRound(before)) {
    const answer = await readBeaconRound(
      beacon.source,
      whereToRead(before.beaconChain, beacon),
      before.beaconRound,
      clock.now(),
    );
    if (!answer.ok) {
      await db.transaction(async (tx) => {
        const scheme = await lockScheme(tx, id);
        if (!scheme || scheme.status !== 'closed') return;
        const firstRefusal = answer.reason === 'round_invalid' && scheme.drawWaitReason !== 'round_invalid';
        await recordDrawWait(tx, id, { requestedBy: user.id, reason: answer.reason, at: clock.now() });
        if (firstRefusal) await notifyBeaconRoundRefused(tx, scheme, before.beaconRound);
      });
      return { scheme: await getScheme(db, user, id), drawn: false };
    }
    round = answer.round;
  }
  await db.transaction(async (tx) => {
    const scheme = await lockScheme(tx, id);
    if (!scheme) throw notFound(SCHEME_NOT_FOUND);
    // Closed between the read above and this lock: its round was not read, and a draw never runs without it.
    if (needsBeaconRound(scheme) && !round) {
      throw schemeState(`Scheme ${scheme.schemeNumber} was closed a moment ago: run the draw again`);
    }
    let seed: string | null = null;
    if (scheme.mode === 'draw') {
      seed = (await findSchemeSeed(tx, scheme.id)) ?? null;
      if (!seed) throw new Error(`Scheme ${scheme.schemeNumber} has no seed`);
    }
    // The table's checks (decided already, still open, an auction) before anything is read for the result.
    const now = clock.now();
    const list = await findQualifiedList(tx, scheme.id);
    const qualifiedHash = scheme.qualifiedHash ?? qualifiedListHash(list);
    await moveScheme(tx, scheme, 'decide', user, now, {
      decidedAt: now,
      decidedBy: user.id,
      revealedSeed: seed,
      qualifiedHash,
      ...(round ? { beaconRandomness: round.randomness, beaconSignature: round.signature } : {}),
    });
    const orderSeed = seed && round ? beaconDrawSeed(seed, round.randomness, qualifiedHash) : seed;
    const order = orderSeed ? drawOrder(orderSeed, list) : list;
    const plots = await findSchemePlots(tx, scheme.id);
    const reservedFor = new Map(plots.map((plot) => [plot.id, plot.reservedFor]));
    const placed = allocate(
      order.map((line) => ({ ...line, plotId: line.schemePlotId })),
      reservedFor,
    );
    const lines: SchemeOutcomeLine[] = placed.map(({ entry, rank, won }) => ({
      applicationId: entry.applicationId,
      outcome: won ? 'won' : 'lost',
      rank,
      amount: null,
    }));
    await settleSchemeOutcomes(tx, scheme.id, lines, actorOf(user));
  });
  // The sheet is made once the result is committed; the caller logs a failure, and the first download makes it.
  if (issueResultSheet) await issueResultSheet(id);
  return { scheme: await getScheme(db, user, id), drawn: true };
}

/** The draw sweep: every draw asked for and waiting for its round is tried again, as the officer who asked. Answers
 * how many it drew. */
export async function drawWaitingSchemes(
  db: Database,
  beacon: DrawBeacon,
  issueResultSheet?: (schemeId: string) => Promise<unknown>,
  limit = 20,
): Promise<number> {
  let drawn = 0;
  for (const waiting of await findWaitingDraws(db, limit)) {
    const asker = waiting.requestedBy ? await askerOf(db, waiting.requestedBy) : undefined;
    if (!asker) continue;
    try {
      if ((await decideScheme(db, asker, waiting.id, beacon, issueResultSheet)).drawn) drawn++;
    } catch (error) {
      // Decided meanwhile by another process's sweep or an officer (409: the result stands), or the asker may no
      // longer decide schemes (403): the draw waits for an officer who may.
      if (!(error instanceof HttpError && error.statusCode < 500)) throw error;
    }
  }
  return drawn;
}

// ---------- public ----------

// The public record is stored and kept with its facts: see modules/schemes/rules/public-scheme-record.ts.
export { publicScheme } from '../rules/public-scheme-record';
