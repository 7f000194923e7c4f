import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessToday, type Allotment } from '@portal/contract';
import { allotments, assets, users } from '../../../db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

// The register's `q` reads the allotment and application numbers, the plot's code and the holder's name; the zone and
// the park have filters of their own, so a zone word typed into the search no longer picks the zone's plots.
describe(`the allotment register's search (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;
  const stamp = Date.now().toString(36);
  // Words found nowhere else in the test database, so each search below can only find what is made here.
  const zone = `Quillmoor ${stamp}`;
  const park = `Brackenfold Park ${stamp}`;
  const holderName = `Zephyrine Okonkwo ${stamp}`;
  let held: Allotment;
  let other: Allotment;

  /** An allotment of `ownerEmail`'s application, its plot moved into the test's zone and park. */
  async function allot(ownerEmail: string): Promise<Allotment> {
    const app = await insertTestApplication(ctx, 'approved', { ownerEmail });
    await ctx.db.update(assets).set({ zone, location: park }).where(eq(assets.id, app.assetId));
    const made = await ctx.request(ho, {
      method: 'POST',
      url: '/api/allotments',
      payload: {
        application_id: app.id,
        asset_id: app.assetId,
        allotment_type: 'provisional',
        allotment_date: businessToday(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as Allotment;
  }

  const search = (query: string) =>
    getList<Allotment>(ctx, ho, `/api/allotments?${query}&limit=200`).then((page) =>
      page.items.map((item) => item.id).sort(),
    );

  beforeAll(async () => {
    ctx = await createTestContext();
    ho = await ctx.tokenFor('ho');
    const holder = await entrepreneurWithProfile(ctx, `Search Works ${stamp}`);
    await ctx.db.update(users).set({ fullName: holderName }).where(eq(users.id, holder.userId));
    const bystander = await entrepreneurWithProfile(ctx, `Bystander Works ${stamp}`);
    held = await allot(holder.email);
    other = await allot(bystander.email);
  });
  afterAll(() => ctx.close());

  it('finds an allotment by a part of its plot code, in any case', async () => {
    const code = held.asset_code!;
    expect(await search(`q=${encodeURIComponent(code.slice(-6).toLowerCase())}`)).toEqual([held.id]);
    expect(await search(`q=${encodeURIComponent(code)}`)).toEqual([held.id]);
  });

  it("finds an allotment by a part of its holder's name", async () => {
    expect(await search(`q=${encodeURIComponent('zephyrine okonkwo')}`)).toEqual([held.id]);
    expect(await search(`q=${encodeURIComponent(`OKONKWO ${stamp}`)}`)).toEqual([held.id]);
  });

  it('still finds an allotment by its own and its application number', async () => {
    expect(await search(`q=${held.allotment_number.toLowerCase()}`)).toEqual([held.id]);
    expect(await search(`q=${held.application_number!}`)).toEqual([held.id]);
  });

  it('does not match the zone or the park in q: they are filters of their own', async () => {
    expect(await search(`q=${encodeURIComponent('quillmoor')}`)).toEqual([]);
    expect(await search(`q=${encodeURIComponent(zone)}`)).toEqual([]);
    expect(await search(`q=${encodeURIComponent('brackenfold')}`)).toEqual([]);
    expect(await search(`zone=${encodeURIComponent(zone)}`)).toEqual([held.id, other.id].sort());
    expect(await search(`location=${encodeURIComponent(park)}`)).toEqual([held.id, other.id].sort());
    // The zone filter and the search together.
    expect(await search(`zone=${encodeURIComponent(zone)}&q=zephyrine`)).toEqual([held.id]);
    expect(await search(`zone=${encodeURIComponent('Another zone')}&q=zephyrine`)).toEqual([]);
  });

  it("follows a renamed holder and a recoded plot (the search text's triggers)", async () => {
    const [row] = await ctx.db
      .select({ holder: allotments.holderUserId, asset: allotments.assetId })
      .from(allotments)
      .where(eq(allotments.id, other.id));
    await ctx.db
      .update(users)
      .set({ fullName: `Marisol Vantongeren ${stamp}` })
      .where(eq(users.id, row!.holder));
    expect(await search('q=vantongeren')).toEqual([other.id]);
    expect(await search(`q=${encodeURIComponent(`bystander works ${stamp} owner`)}`)).toEqual([]);
    const code = `RCD-${stamp.toUpperCase()}`;
    await ctx.db.update(assets).set({ assetCode: code }).where(eq(assets.id, row!.asset));
    expect(await search(`q=${code.toLowerCase()}`)).toEqual([other.id]);
  });

  it('exports what the search finds', async () => {
    const csv = await ctx.request(ho, { method: 'GET', url: `/api/allotments/export.csv?q=zephyrine` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe('1');
    const none = await ctx.request(ho, { method: 'GET', url: `/api/allotments/export.csv?q=quillmoor` });
    expect(none.headers['x-total-count']).toBe('0');
  });
});
