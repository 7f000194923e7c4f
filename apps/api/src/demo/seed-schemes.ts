/** Demo schemes for a first start (decision 018): a draw of lots taking applications on three plots, one reserved for
 * women entrepreneurs, and an e-auction of a corner plot whose bidding follows its closing. Their plots are new
 * assets, held for the schemes (reserved) from the start, so no other demo data or journey applies for them. */
import { createHash, randomBytes } from 'node:crypto';
import { SCHEME_RULES } from '@portal/contract';
import { addDays } from '../core/dates';
import { nextNumber } from '../repositories/counters';
import { insertScheme, insertSchemePlots } from '../modules/schemes/repositories/schemes';
import type { Database } from '../db/client';
import { drawBeaconColumns, type DrawBeacon } from '../lib/beacon';

const HOUR = 60 * 60 * 1000;

function committedSeed(): { seed: string; commitment: string } {
  const seed = randomBytes(SCHEME_RULES.seedBytes).toString('hex');
  return { seed, commitment: createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') };
}

const plot = (code: string, location: string, sqm: number, valuation: number) => ({
  assetCode: code,
  categoryId: 'industrial',
  type: 'plot' as const,
  zone: 'Nalgonda',
  location,
  surveyNumber: `${code.slice(-3)}/2`,
  plotNumber: `P-${code.slice(-3)}`,
  totalArea: sqm,
  availableArea: 0,
  unit: 'sqm' as const,
  valuation,
  status: 'reserved' as const,
});

/** The schemes' plots: three for the draw, then the auction's corner plot (seed.ts places them on the zone's map). */
export const DEMO_SCHEME_PLOTS = [
  plot('NAL-PL-201', 'Choutuppal IP', 1200, 2_400_000),
  plot('NAL-PL-202', 'Choutuppal IP', 1200, 2_400_000),
  plot('NAL-PL-203', 'Choutuppal IP', 1500, 3_000_000),
  plot('NAL-PL-204', 'Bhongir IE', 4000, 8_000_000),
];

/** Publishes the two schemes over the inserted DEMO_SCHEME_PLOTS, in their order. */
export async function seedDemoSchemes(
  tx: Database,
  officerId: string,
  plotIds: readonly string[],
  beacon: DrawBeacon,
): Promise<void> {
  const now = new Date();
  const drawPlots = plotIds.slice(0, 3);
  const corner = plotIds[3]!;
  const draw = committedSeed();
  const drawNumber = await nextNumber(tx, 'scheme', now);
  const drawTitle = 'Choutuppal Industrial Park Phase II: plots by draw of lots';
  const drawScheme = await insertScheme(
    tx,
    {
      schemeNumber: drawNumber,
      title: drawTitle,
      mode: 'draw',
      opensAt: addDays(now, -2),
      closesAt: addDays(now, 28),
      ...drawBeaconColumns(beacon, addDays(now, 28)),
      reservations: [{ category: 'women', share_percent: 34 }],
      minInvestment: 5_000_000,
      commitment: draw.commitment,
      createdBy: officerId,
      searchText: `${drawNumber} ${drawTitle}`.toLowerCase(),
    },
    draw.seed,
  );
  await insertSchemePlots(
    tx,
    drawPlots.map((assetId, index) => ({
      schemeId: drawScheme.id,
      assetId,
      position: index + 1,
      reservedFor: index === 0 ? ('women' as const) : null,
    })),
  );

  const auction = committedSeed();
  const auctionNumber = await nextNumber(tx, 'scheme', now);
  const auctionTitle = 'Bhongir corner plot: e-auction';
  const closesAt = addDays(now, 14);
  const startsAt = new Date(closesAt.getTime() + 24 * HOUR);
  const endsAt = new Date(startsAt.getTime() + 2 * HOUR);
  const auctionScheme = await insertScheme(
    tx,
    {
      schemeNumber: auctionNumber,
      title: auctionTitle,
      mode: 'auction',
      opensAt: addDays(now, -1),
      closesAt,
      increment: 50_000,
      auctionStartsAt: startsAt,
      auctionEndsAt: endsAt,
      commitment: auction.commitment,
      createdBy: officerId,
      searchText: `${auctionNumber} ${auctionTitle}`.toLowerCase(),
    },
    auction.seed,
  );
  await insertSchemePlots(tx, [
    { schemeId: auctionScheme.id, assetId: corner, position: 1, reservePrice: 8_000_000, endsAt },
  ]);
}
