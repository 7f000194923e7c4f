// The generated schemes (decision 018) at a size where some have been decided long ago, some recently and one still
// takes applications: 2,100 applications make three schemes of ten plots, spread over the three years. Batches of 490
// applications (70 assets) cut schemes in two, so a scheme's list continues across batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { generateVolumeData, type VolumeSummary } from './generate-volume';

const APPLICATIONS = 2100;

describe(`generateVolumeData: schemes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let summary: VolumeSummary;

  const count = async (query: string) => {
    const result = (await ctx.db.execute(sql.raw(query))) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]!.n);
  };
  const rows = async <T>(query: string) => ((await ctx.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
  const generated = `s.created_by IS NOT NULL AND s.title LIKE 'Plots offered in %'`;

  beforeAll(async () => {
    ctx = await createTestContext();
    summary = await generateVolumeData(ctx.db, { applications: APPLICATIONS, seed: 11, batchSize: 490 });
  }, 180_000);
  afterAll(() => ctx.close());

  it('offers every tenth plot in a scheme of ten, decided or still taking applications by its age', async () => {
    const schemes = await rows<{ status: string; plots: number; entries: number }>(
      `SELECT s.status::text AS status, (SELECT count(*)::int FROM scheme_plots p WHERE p.scheme_id = s.id) AS plots,
              (SELECT count(*)::int FROM scheme_entries e WHERE e.scheme_id = s.id) AS entries
       FROM schemes s WHERE ${generated} ORDER BY s.opens_at`,
    );
    expect(schemes.map((scheme) => scheme.status)).toEqual(['decided', 'decided', 'open']);
    // The first scheme starts after the plots that cover every status (20 to 90); the others have ten.
    expect(schemes.map((scheme) => scheme.plots)).toEqual([8, 10, 10]);
    expect(schemes[0]!.entries).toBeGreaterThan(0);
    expect(schemes[2]!.entries).toBe(0);
    expect(summary.rows.schemes).toBe(3);
    expect(summary.rows.scheme_plots).toBe(28);
    expect(summary.rows.scheme_entries).toBe(schemes.reduce((sum, scheme) => sum + scheme.entries, 0));
    // Held for the scheme: a plot is never available to an ordinary application.
    expect(
      await count(`SELECT count(*) AS n FROM scheme_plots p JOIN assets a ON a.id = p.asset_id
                   WHERE a.status NOT IN ('reserved', 'allotted')`),
    ).toBe(0);
    // The counter runs ahead of the numbers, and the seed is the one committed to.
    expect(
      await count(`SELECT count(*) AS n FROM schemes s JOIN scheme_seeds d ON d.scheme_id = s.id
                   WHERE ${generated} AND (s.commitment <> encode(sha256(decode(d.seed, 'hex')), 'hex')
                     OR (s.status = 'decided') <> (s.revealed_seed IS NOT NULL)
                     OR (s.revealed_seed IS NOT NULL AND s.revealed_seed <> d.seed))`),
    ).toBe(0);
  });

  it('applies for a scheme only on its plots, each submitted application of a closed scheme with its entry', async () => {
    expect(
      await count(`SELECT count(*) AS n FROM applications a WHERE a.scheme_id IS NOT NULL AND NOT EXISTS
                   (SELECT 1 FROM scheme_plots p WHERE p.scheme_id = a.scheme_id AND p.asset_id = a.asset_id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM scheme_plots p JOIN applications a ON a.asset_id = p.asset_id
                   WHERE a.scheme_id IS DISTINCT FROM p.scheme_id`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM applications a JOIN schemes s ON s.id = a.scheme_id
                   WHERE (s.status <> 'open' AND a.status <> 'draft')
                     <> EXISTS (SELECT 1 FROM scheme_entries e WHERE e.application_id = a.id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM scheme_entries e JOIN applications a ON a.id = e.application_id
                   JOIN scheme_plots p ON p.id = e.scheme_plot_id
                   WHERE a.scheme_id <> e.scheme_id OR p.asset_id <> a.asset_id OR p.scheme_id <> e.scheme_id`),
    ).toBe(0);
    // Nobody is waited on while the scheme's result is awaited.
    expect(
      await count(`SELECT count(*) AS n FROM applications WHERE scheme_id IS NOT NULL AND status = 'approved'
                   AND waiting_on IS NOT NULL`),
    ).toBe(0);
  });

  it('gives a decided scheme one winner a plot, on to payment and allotment, and the rest not allotted', async () => {
    // Every entry of a decided scheme has its outcome; the outcome agrees with the application's status.
    expect(
      await count(`SELECT count(*) AS n FROM scheme_entries e JOIN schemes s ON s.id = e.scheme_id
                   JOIN applications a ON a.id = e.application_id
                   WHERE s.status = 'decided' AND (e.outcome IS NULL OR e.decided_at IS NULL
                     OR (e.outcome = 'won') = (a.status = 'rejected')
                     OR (e.outcome = 'not_qualified') = e.qualified)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM (SELECT e.scheme_plot_id FROM scheme_entries e WHERE e.outcome = 'won'
                   GROUP BY 1 HAVING count(*) > 1) twice`),
    ).toBe(0);
    expect(await count(`SELECT count(*) AS n FROM scheme_entries WHERE outcome = 'won'`)).toBeGreaterThan(0);
    // A plot records its winner once the winner is allotted, and only then.
    expect(
      await count(`SELECT count(*) AS n FROM scheme_plots p
                   LEFT JOIN scheme_entries e ON e.scheme_plot_id = p.id AND e.outcome = 'won'
                   LEFT JOIN allotments l ON l.application_id = e.application_id
                   WHERE p.winner_application_id IS DISTINCT FROM (CASE WHEN l.id IS NOT NULL THEN e.application_id END)`),
    ).toBe(0);
    // The qualified list is numbered 1, 2, 3 ... in each scheme, across batches; a plot's winner ranks first.
    const lists = await rows<{ positions: number[] }>(
      `SELECT array_agg(list_position ORDER BY list_position) AS positions FROM scheme_entries
       WHERE qualified GROUP BY scheme_id`,
    );
    for (const { positions } of lists) {
      expect(positions.map(Number)).toEqual(positions.map((_, index) => index + 1));
    }
    expect(await count(`SELECT count(*) AS n FROM scheme_entries WHERE outcome = 'won' AND rank <> 1`)).toBe(0);
  });

  it("answers the schemes list and a decided scheme's public record through the API", async () => {
    const token = await ctx.tokenFor('ho');
    const list = await ctx.request(token, { method: 'GET', url: '/api/schemes?q=plots+offered' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().length).toBe(3);
    const [decided] = await rows<{ number: string; id: string }>(
      `SELECT s.scheme_number AS number, s.id FROM schemes s WHERE ${generated} AND s.status = 'decided'
       ORDER BY s.opens_at LIMIT 1`,
    );
    const entries = await ctx.request(token, { method: 'GET', url: `/api/schemes/${decided!.id}/entries` });
    expect(entries.statusCode, entries.body).toBe(200);
    expect(entries.json().length).toBeGreaterThan(0);
    const record = await ctx.request(null, { method: 'GET', url: `/api/public/schemes/${decided!.number}` });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ scheme_number: decided!.number, status: 'decided' });
  });
});
