/** Schemes in tests: their closing time moved into the past, as the days would have passed it; a closed draw. */
import { and, eq } from 'drizzle-orm';
import { firstBeaconRoundAfter, SCHEME_PATHS, type ApplicantCategory, type SchemeDetail } from '@portal/contract';
import { clock } from '../core/clock';
import { recordInvoicePayment } from '../modules/money/rules/payments';
import { invoices } from '../db/schema';
import { findSchemeById, setSchemeClosingTime } from '../modules/schemes/repositories/schemes';
import { SYSTEM_ACTOR } from '../repositories/timeline';
import type { TestContext } from './harness';
import { entrepreneurWithProfile } from './list-fixtures';
import { insertTestAsset, setApplicationStatus } from './workflow-fixtures';

/**
 * Moves the scheme's closing time `agoMs` into the past (10 s by default). A draw's beacon round is named from the
 * closing time when the scheme opens, so it is named again from the new one, as publishing would have: 10 s back, the
 * round (the first after the close, made within the beacon's period of 3 s) has been made.
 */
export async function closingTimePassed(ctx: Pick<TestContext, 'db'>, schemeId: string, agoMs = 10_000): Promise<void> {
  const closesAt = new Date(clock.now().getTime() - agoMs);
  const chain = (await findSchemeById(ctx.db, schemeId))!.beaconChain;
  await setSchemeClosingTime(
    ctx.db,
    schemeId,
    closesAt,
    chain ? firstBeaconRoundAfter(closesAt.getTime(), chain) : null,
  );
}

/**
 * A draw with `plotCount` plots and one qualified application per category given (approved, its EMD paid through the
 * payments path), applying to the plots in turn; closed once its closing time has passed. Answers the scheme as head
 * office reads it after the close.
 */
export async function closedDraw(
  ctx: TestContext,
  options: { title: string; plotCount: number; categories: readonly ApplicantCategory[]; reserved?: ApplicantCategory },
): Promise<SchemeDetail> {
  const ho = await ctx.tokenFor('ho');
  const plots = [];
  for (let i = 0; i < options.plotCount; i++) plots.push(await insertTestAsset(ctx));
  const now = clock.now().getTime();
  const published = await ctx.request(ho, {
    method: 'POST',
    url: `/api${SCHEME_PATHS.list}`,
    payload: {
      title: options.title,
      mode: 'draw',
      opens_at: new Date(now - 60_000).toISOString(),
      closes_at: new Date(now + 3_600_000).toISOString(),
      plots: plots.map((plot) => ({ asset_id: plot.id })),
      reservations: options.reserved ? [{ category: options.reserved, share_percent: 34 }] : [],
    },
  });
  if (published.statusCode !== 201) throw new Error(`publishing failed: ${published.body}`);
  const scheme = published.json() as SchemeDetail;
  for (const [index, category] of options.categories.entries()) {
    const { token } = await entrepreneurWithProfile(ctx, `${options.title} ${index} Works`, category);
    const plot = scheme.plots[index % scheme.plots.length]!;
    const created = await ctx.request(token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: plot.asset_id,
        scheme_id: scheme.id,
        project_description: 'A unit',
        estimated_investment: 5_000_000,
        employment_generation: 4,
      },
    });
    if (created.statusCode !== 201) throw new Error(`applying failed: ${created.body}`);
    const id = created.json().id as string;
    const submitted = await ctx.request(token, { method: 'POST', url: `/api/applications/${id}/submit` });
    if (submitted.statusCode !== 200) throw new Error(`submitting failed: ${submitted.body}`);
    await setApplicationStatus(ctx, id, 'approved');
    const [emd] = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, id), eq(invoices.invoiceType, 'emd')));
    await ctx.db.transaction((tx) =>
      recordInvoicePayment(tx, SYSTEM_ACTOR, {
        invoice: emd!,
        interest: 0,
        method: 'online',
        reference: `T-${scheme.scheme_number}-${index}`,
        paidBy: null,
      }),
    );
  }
  await closingTimePassed(ctx, scheme.id);
  const closed = await ctx.request(ho, { method: 'POST', url: `/api${SCHEME_PATHS.close(scheme.id)}` });
  if (closed.statusCode !== 200) throw new Error(`closing failed: ${closed.body}`);
  return closed.json() as SchemeDetail;
}
