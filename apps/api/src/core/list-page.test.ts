import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPLICATION_LIST, DEFAULT_STAGE, type Application, type ApplicationStatus } from '@portal/contract';
import { applications } from '../db/schema';
import { DEMO_USERS } from '../demo/seed';
import { insertAssets, type AssetRow } from '../repositories/assets';
import { nextNumber } from '../repositories/counters';
import { insertDocument } from '../repositories/documents';
import { insertTimelineEvent } from '../repositories/timeline';
import { findUserByEmail } from '../repositories/users';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { entrepreneurWithProfile, expectLimitRefused, getList, readList, walkList } from '../test/list-fixtures';
import { insertTestApplication } from '../test/workflow-fixtures';

const STATUSES: ApplicationStatus[] = ['submitted', 'under_scrutiny', 'pending_committee', 'approved', 'draft'];
/** Four instants, six applications each: pages must not lose or repeat rows that share a created_at. */
const INSTANTS = [
  '2024-03-01T09:00:00+05:30',
  '2024-03-02T23:30:00+05:30',
  '2024-03-03T00:15:00+05:30',
  '2024-03-04T12:00:00+05:30',
];

/** The ids of the staff's list in an order the database computes, to compare the pages with. */
const ORDER_EXPRESSIONS: Record<(typeof APPLICATION_LIST.sort)[number], string> = {
  created_at: 'created_at',
  submitted_at: 'coalesce(submitted_at, created_at)',
  updated_at: 'updated_at',
  application_number: 'application_number',
  status: 'status',
  stage_due_on: "coalesce(stage_due_on, '9999-12-31'::date)",
};

describe(`list protocol on GET /api/applications (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ho: string;
  let zonal: string;
  let zonalId: string;
  const mine: Application[] = [];
  let alphaPlot: AssetRow;
  let betaShed: AssetRow;

  async function staffOrder(column: string, descending: boolean): Promise<string[]> {
    const direction = descending ? 'desc' : 'asc';
    const result = await ctx.db.execute(
      sql.raw(`select id from applications where status <> 'draft' order by ${column} ${direction}, id ${direction}`),
    );
    return (result as { rows: { id: string }[] }).rows.map((row) => row.id);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    ho = await ctx.tokenFor('ho');
    zonal = await ctx.tokenFor('zonal_manager');
    zonalId = (await findUserByEmail(ctx.db, DEMO_USERS.find((user) => user.role === 'zonal_manager')!.email))!.id;
    const kaveri = await entrepreneurWithProfile(ctx, 'Kaveri Looms', 'general');
    const tunga = await entrepreneurWithProfile(ctx, 'Tungabhadra Steel', 'sc');
    const base = {
      categoryId: 'industrial',
      location: 'Protocol Park',
      surveyNumber: '1/1',
      plotNumber: null,
      totalArea: 500,
      availableArea: 500,
      unit: 'sqm' as const,
      valuation: 1_000_000,
      status: 'reserved' as const,
    };
    [alphaPlot, betaShed] = (await insertAssets(ctx.db, [
      { ...base, assetCode: 'PROTO-ALPHA-01', type: 'plot', zone: 'Alpha Zone' },
      { ...base, assetCode: 'PROTO-BETA-02', type: 'shed', zone: 'Beta Zone' },
    ])) as [AssetRow, AssetRow];
    for (let index = 0; index < 24; index++) {
      const status = STATUSES[index % STATUSES.length]!;
      const createdAt = new Date(INSTANTS[index % INSTANTS.length]!);
      const [row] = await ctx.db
        .insert(applications)
        .values({
          applicationNumber: await nextNumber(ctx.db, 'application'),
          applicantId: index % 2 === 0 ? kaveri.applicantId : tunga.applicantId,
          assetId: index % 3 === 0 ? betaShed.id : alphaPlot.id,
          applicationType: 'new',
          status,
          currentStage: DEFAULT_STAGE[status],
          estimatedInvestment: 1_000_000,
          employmentGeneration: 5,
          projectDescription: 'Protocol test',
          assignedTo: index % 4 === 1 ? zonalId : null,
          createdAt,
          submittedAt: status === 'draft' ? null : new Date(createdAt.getTime() + (index % 3) * 60_000),
          updatedAt: createdAt,
        })
        .returning();
      mine.push({ id: row!.id, application_number: row!.applicationNumber, status } as Application);
    }
  });
  afterAll(() => ctx.close());

  const submittedOfMine = () => mine.filter((app) => app.status !== 'draft');

  it('answers one page with X-Total-Count, no capped header, and Link next/prev by offset', async () => {
    const total = (await staffOrder('created_at', true)).length;
    const response = await ctx.request(ho, { method: 'GET', url: '/api/applications?limit=5' });
    expect(response.headers['x-total-count-capped']).toBeUndefined();
    const first = readList(response);
    expect(first.status).toBe(200);
    expect(first.items).toHaveLength(5);
    expect(first.total).toBe(total);
    expect(first.capped).toBe(false);
    expect(first.links.next).toBe('/api/applications?limit=5&offset=5');
    expect(first.links.prev).toBeUndefined();
    const middle = await getList(ctx, ho, '/api/applications?limit=5&offset=10');
    expect(middle.links.next).toBe('/api/applications?limit=5&offset=15');
    expect(middle.links.prev).toBe('/api/applications?limit=5&offset=5');
    const last = await getList(ctx, ho, `/api/applications?limit=5&offset=${total - 2}`);
    expect(last.items).toHaveLength(2);
    expect(last.links.next).toBeUndefined();
    expect(last.nextCursor).toBeNull();
    const following = await getList(ctx, ho, `/api/applications?limit=5&cursor=${first.nextCursor}`);
    expect(following.links.next).toContain('cursor=');
    expect(following.links.next).not.toContain('offset=');
  });

  it('walks every row once, in order, by cursor, though many share a created_at; drafts stay hidden', async () => {
    const expected = await staffOrder('created_at', true);
    const walked = await walkList<Application>(ctx, ho, '/api/applications?limit=4');
    expect(walked.map((app) => app.id)).toEqual(expected);
    expect(walked.some((app) => app.status === 'draft')).toBe(false);
    expect(walked.map((app) => app.id)).toEqual(expect.arrayContaining(submittedOfMine().map((app) => app.id)));
    // Offsets give the same order.
    const byOffset: string[] = [];
    for (let offset = 0; offset < expected.length; offset += 4) {
      byOffset.push(
        ...(await getList(ctx, ho, `/api/applications?limit=4&offset=${offset}`)).items.map((app) => app.id),
      );
    }
    expect(byOffset).toEqual(expected);
  });

  it('sorts by every declared column in both directions, cursor pages included', async () => {
    for (const column of APPLICATION_LIST.sort) {
      for (const descending of [false, true]) {
        const walked = await walkList(ctx, ho, `/api/applications?limit=7&sort=${descending ? '-' : ''}${column}`);
        expect(
          walked.map((app) => app.id),
          `${descending ? '-' : ''}${column}`,
        ).toEqual(await staffOrder(ORDER_EXPRESSIONS[column], descending));
      }
    }
  });

  it('filters by a status list, zone, asset type, category, assigned_to=me and a date range', async () => {
    const filtered = async (query: string, keep: (index: number) => boolean) => {
      const page = await getList<Application>(ctx, ho, `/api/applications?limit=200&${query}`);
      expect(page.status, query).toBe(200);
      const ids = page.items.map((app) => app.id);
      const expected = mine.filter((app, index) => app.status !== 'draft' && keep(index)).map((app) => app.id);
      expect(ids, query).toEqual(expect.arrayContaining(expected));
      const others = mine.filter((app, index) => !(app.status !== 'draft' && keep(index))).map((app) => app.id);
      for (const id of others) expect(ids, query).not.toContain(id);
      return page;
    };
    const statuses = await filtered('status=submitted,approved', (index) =>
      ['submitted', 'approved'].includes(STATUSES[index % STATUSES.length]!),
    );
    expect(statuses.items.every((app) => ['submitted', 'approved'].includes(app.status))).toBe(true);
    const zone = await filtered('zone=Beta%20Zone', (index) => index % 3 === 0);
    expect(zone.items.every((app) => app.asset_id === betaShed.id)).toBe(true);
    expect(zone.total).toBe(mine.filter((app, index) => app.status !== 'draft' && index % 3 === 0).length);
    const sheds = await filtered('asset_type=shed', (index) => index % 3 === 0);
    const shedCount = await ctx.db.execute(
      sql`select count(*)::int as n from applications a join assets s on s.id = a.asset_id where s.type = 'shed' and a.status <> 'draft'`,
    );
    expect(sheds.total).toBe((shedCount as { rows: { n: number }[] }).rows[0]!.n);
    await filtered('category=sc', (index) => index % 2 === 1);
    const assigned = await getList<Application>(ctx, zonal, '/api/applications?assigned_to=me&limit=200');
    expect(assigned.items.length).toBeGreaterThan(0);
    expect(assigned.items.every((app) => app.assigned_to === zonalId)).toBe(true);
    expect(assigned.items.map((app) => app.id).sort()).toEqual(
      mine
        .filter((app, index) => app.status !== 'draft' && index % 4 === 1)
        .map((app) => app.id)
        .sort(),
    );
    // 2 March 23:30 and 3 March 00:15 India time are on those days, whatever the server's zone.
    const days = await getList<Application>(ctx, ho, '/api/applications?from=2024-03-02&to=2024-03-03&limit=200');
    expect(days.items.map((app) => app.id).sort()).toEqual(
      mine
        .filter((app, index) => app.status !== 'draft' && [1, 2].includes(index % 4))
        .map((app) => app.id)
        .sort(),
    );
    expect(days.total).toBe(days.items.length);
    const bad = await ctx.request(ho, { method: 'GET', url: '/api/applications?from=03/02/2024' });
    expect(bad.statusCode).toBe(422);
  });

  it('searches with q by number, organisation name and asset code, case-insensitively', async () => {
    const target = submittedOfMine()[3]!;
    const byNumber = await getList<Application>(
      ctx,
      ho,
      `/api/applications?q=${target.application_number.toLowerCase()}`,
    );
    expect(byNumber.items.map((app) => app.id)).toEqual([target.id]);
    expect(byNumber.total).toBe(1);
    const byOrganisation = await getList<Application>(ctx, ho, '/api/applications?q=KAVERI%20loo&limit=200');
    expect(byOrganisation.items.map((app) => app.id).sort()).toEqual(
      mine
        .filter((app, index) => app.status !== 'draft' && index % 2 === 0)
        .map((app) => app.id)
        .sort(),
    );
    const byAsset = await getList<Application>(ctx, ho, '/api/applications?q=proto-beta&limit=200');
    expect(byAsset.items.every((app) => app.asset_id === betaShed.id)).toBe(true);
    expect(byAsset.total).toBe(mine.filter((app, index) => app.status !== 'draft' && index % 3 === 0).length);
    // % and _ are plain characters, not wildcards.
    expect((await getList(ctx, ho, '/api/applications?q=%25')).total).toBe(0);
    expect((await getList(ctx, ho, '/api/applications?q=APP_2')).total).toBe(0);
  });

  it('refuses a limit over 200, an unreadable cursor, a cursor of another order and a deep offset with 422', async () => {
    await expectLimitRefused(ctx, ho, '/api/applications');
    for (const cursor of ['nonsense', Buffer.from('["-created_at","x","y"]').toString('base64url')]) {
      const response = await ctx.request(ho, { method: 'GET', url: `/api/applications?cursor=${cursor}` });
      expect(response.statusCode).toBe(422);
      expect(response.json().detail).toMatch(/cursor/);
    }
    const first = await getList(ctx, ho, '/api/applications?limit=2');
    const otherOrder = await ctx.request(ho, {
      method: 'GET',
      url: `/api/applications?sort=status&cursor=${first.nextCursor}`,
    });
    expect(otherOrder.statusCode).toBe(422);
    expect(otherOrder.json().detail).toMatch(/cursor/);
    const forged = Buffer.from(JSON.stringify(['-created_at', 'not a time', crypto.randomUUID()])).toString(
      'base64url',
    );
    const forgedAnswer = await ctx.request(ho, { method: 'GET', url: `/api/applications?cursor=${forged}` });
    expect(forgedAnswer.statusCode).toBe(422);
    const deep = await ctx.request(ho, { method: 'GET', url: '/api/applications?offset=10001' });
    expect(deep.statusCode).toBe(422);
    expect(deep.json().detail).toMatch(/follow the cursor/);
    expect((await ctx.request(ho, { method: 'GET', url: '/api/applications?offset=10000' })).statusCode).toBe(200);
    expect((await ctx.request(ho, { method: 'GET', url: '/api/applications?sort=-nonsense' })).statusCode).toBe(422);
  });
});

describe(`documents and timeline pages of one application (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
  let stranger: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
  let applicationId: string;
  const documentIds: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    owner = await entrepreneurWithProfile(ctx, 'Pranahita Foods');
    stranger = await entrepreneurWithProfile(ctx, 'Sabari Tiles');
    applicationId = (await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email, documents: 'none' })).id;
    for (const fileName of ['site-plan.pdf', 'dpr.pdf', 'Site Photo.png']) {
      const row = await insertDocument(ctx.db, {
        applicationId,
        documentType: 'other',
        fileName,
        storageKey: crypto.randomBytes(16).toString('hex'),
        fileSize: 10,
        contentType: 'application/pdf',
      });
      documentIds.push(row.id);
    }
    const entries = [
      { code: 'application_created', params: { application_number: 'APP-T', asset_code: 'T-1' } },
      { code: 'application_submitted', params: {} },
      { code: 'status_changed', params: { from: 'submitted', to: 'under_scrutiny', stage: null } },
    ] as const;
    for (const entry of entries) {
      await insertTimelineEvent(
        ctx.db,
        { id: owner.userId, role: 'entrepreneur', name: 'Owner' },
        { applicationId, ...entry, entityType: 'application', entityId: applicationId },
      );
    }
  });
  afterAll(() => ctx.close());

  it('pages the documents, oldest first by default, with q over the file name; strangers get 404', async () => {
    const url = `/api/applications/${applicationId}/documents`;
    const all = await getList(ctx, owner.token, url);
    expect(all.items.map((document) => document.id)).toEqual(documentIds);
    expect(all.total).toBe(3);
    expect(all.links.next).toBeUndefined();
    const first = await getList(ctx, owner.token, `${url}?limit=2`);
    expect(first.items.map((document) => document.id)).toEqual(documentIds.slice(0, 2));
    expect(first.total).toBe(3);
    expect(first.links.next).toBe(`${url}?limit=2&offset=2`);
    expect((await walkList(ctx, owner.token, `${url}?limit=1&sort=-uploaded_at`)).map((item) => item.id)).toEqual(
      [...documentIds].reverse(),
    );
    const search = await getList(ctx, owner.token, `${url}?q=SITE`);
    expect(search.items.map((document) => document.id)).toEqual([documentIds[0], documentIds[2]]);
    expect((await getList(ctx, await ctx.tokenFor('legal'), url)).total).toBe(3);
    expect((await ctx.request(stranger.token, { method: 'GET', url })).statusCode).toBe(404);
    await expectLimitRefused(ctx, owner.token, url);
  });

  it('pages the timeline latest first, in time order on request, with q; strangers get 404', async () => {
    const url = `/api/applications/${applicationId}/timeline`;
    const all = await getList<{ id: string; action: string }>(ctx, owner.token, url);
    const actions = ['Application created', 'Application submitted', 'Status changed to Under scrutiny'];
    expect(all.items.map((event) => event.action)).toEqual([...actions].reverse());
    const oldest = await getList<{ id: string; action: string }>(ctx, owner.token, `${url}?sort=timestamp&limit=2`);
    expect(oldest.items.map((event) => event.action)).toEqual([actions[0], actions[1]]);
    expect(oldest.total).toBe(3);
    const walked = await walkList<{ id: string; action: string }>(ctx, owner.token, `${url}?sort=timestamp&limit=1`);
    expect(walked.map((event) => event.action)).toEqual(actions);
    const search = await getList<{ id: string; action: string }>(ctx, owner.token, `${url}?q=processing%20fee`);
    expect(search.items.map((event) => event.action)).toEqual(['Application submitted']);
    expect((await ctx.request(stranger.token, { method: 'GET', url })).statusCode).toBe(404);
    await expectLimitRefused(ctx, owner.token, url);
  });
});
