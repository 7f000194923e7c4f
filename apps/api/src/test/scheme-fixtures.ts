/** Schemes in tests: their closing time moved into the past, as the days would have passed it. */
import { eq } from 'drizzle-orm';
import { firstBeaconRoundAfter } from '@portal/contract';
import { clock } from '../core/clock';
import { schemes } from '../db/schema';
import type { TestContext } from './harness';

/**
 * Moves the scheme's closing time `agoMs` into the past (10 s by default). A draw's beacon round is named from the
 * closing time when the scheme opens, so it is named again from the new one, as publishing would have: 10 s back, the
 * round (the first after the close, made within the beacon's period of 3 s) has been made.
 */
export async function closingTimePassed(ctx: Pick<TestContext, 'db'>, schemeId: string, agoMs = 10_000): Promise<void> {
  const closesAt = new Date(clock.now().getTime() - agoMs);
  const [scheme] = await ctx.db.select().from(schemes).where(eq(schemes.id, schemeId));
  const chain = scheme!.beaconChain;
  await ctx.db
    .update(schemes)
    .set({ closesAt, ...(chain ? { beaconRound: firstBeaconRoundAfter(closesAt.getTime(), chain) } : {}) })
    .where(eq(schemes.id, schemeId));
}
