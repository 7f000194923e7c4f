/** The documented script recomputes a draw from the public record alone, fetched over HTTP from a running server,
 * and says "matches"; given a record with one winner changed, it says "does not match". */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SCHEME_PATHS, type PublicScheme, type SchemeDetail } from '@portal/contract';
import { invoices } from '../../../db/schema';
import { recordInvoicePayment } from '../../../case/payments';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';
import { closingTimePassed } from '../../../test/scheme-fixtures';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestAsset, setApplicationStatus } from '../../../test/workflow-fixtures';

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../../../docs/verify-draw.mjs');

async function script(source: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [SCRIPT, source]);
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, out: failed.stdout ?? '' };
  }
}

describe(`the draw recomputed by docs/verify-draw.mjs (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let baseUrl: string;
  let scheme: SchemeDetail;
  let dir: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'verify-draw-'));
    const ho = await ctx.tokenFor('ho');
    const plots = [await insertTestAsset(ctx), await insertTestAsset(ctx), await insertTestAsset(ctx)];
    const published = await ctx.request(ho, {
      method: 'POST',
      url: `/api${SCHEME_PATHS.list}`,
      payload: {
        title: 'Verifiable draw',
        mode: 'draw',
        opens_at: new Date(Date.now() - 60_000).toISOString(),
        closes_at: new Date(Date.now() + 3_600_000).toISOString(),
        plots: plots.map((plot) => ({ asset_id: plot.id })),
        reservations: [{ category: 'women', share_percent: 34 }],
      },
    });
    expect(published.statusCode, published.body).toBe(201);
    scheme = published.json() as SchemeDetail;
    const categories = ['general', 'women', 'general', 'sc', 'women', 'general', 'general'] as const;
    for (const [index, category] of categories.entries()) {
      const { token } = await entrepreneurWithProfile(ctx, `Verifier ${index} Works`, category);
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
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      expect((await ctx.request(token, { method: 'POST', url: `/api/applications/${id}/submit` })).statusCode).toBe(
        200,
      );
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
          reference: `T-${index}`,
          paidBy: null,
        }),
      );
    }
    await closingTimePassed(ctx, scheme.id);
    expect((await ctx.request(ho, { method: 'POST', url: `/api${SCHEME_PATHS.close(scheme.id)}` })).statusCode).toBe(
      200,
    );
    const decided = await ctx.request(ho, { method: 'POST', url: `/api${SCHEME_PATHS.decide(scheme.id)}` });
    expect(decided.statusCode, decided.body).toBe(200);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
    await ctx.close();
  });

  it('recomputes the published result from the public page and says it matches', async () => {
    const { code, out } = await script(`${baseUrl}/api${SCHEME_PATHS.public(scheme.scheme_number)}`);
    expect(out).toContain(scheme.scheme_number);
    expect(out.trim().split('\n').at(-1)).toBe('matches');
    expect(code).toBe(0);
  });

  it('says "does not match" when a published winner is changed', async () => {
    const response = await fetch(`${baseUrl}/api${SCHEME_PATHS.public(scheme.scheme_number)}`);
    const record = (await response.json()) as PublicScheme;
    const winner = record.result!.find((line) => line.outcome === 'won')!;
    const loser = record.result!.find((line) => line.outcome === 'lost' && line.plot_code === winner.plot_code);
    expect(loser).toBeDefined();
    winner.outcome = 'lost';
    loser!.outcome = 'won';
    const file = path.join(dir, 'changed.json');
    await fs.writeFile(file, JSON.stringify(record));
    const { code, out } = await script(file);
    expect(out.trim().split('\n').at(-1)).toBe('does not match');
    expect(code).toBe(1);
  });
});
