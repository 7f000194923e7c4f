import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDayAfter } from '../../../test/expected';
import { eq } from 'drizzle-orm';
import type { Application } from '@portal/contract';
import { applications, assets, invoices, timelineEvents } from '../../../db/schema';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../../test/harness';

const PROFILE = {
  organization_name: 'Deccan Textiles',
  pan_number: 'PQRST6789K',
  address: '12 Mill Lane',
  city: 'Karimnagar',
  state: 'Telangana',
  pincode: '505001',
  bank_name: 'Union Bank',
  bank_account: '1234567890',
  bank_ifsc: 'UBIN0801234',
};

describe(`applications (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let ravi: string;
  let raviApps: Application[];
  let availableAssetIds: string[];

  async function entrepreneurWithProfile(): Promise<string> {
    const { token } = await registerEntrepreneur(ctx);
    const created = await ctx.request(token, { method: 'POST', url: '/api/applicants', payload: PROFILE });
    expect(created.statusCode).toBe(201);
    return token;
  }

  function newApplication(token: string, overrides: Record<string, unknown> = {}) {
    return ctx.request(token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: availableAssetIds[1],
        application_type: 'new',
        project_description: 'Solar panel assembly line',
        estimated_investment: 7_500_000,
        employment_generation: 35,
        ...overrides,
      },
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    ravi = await ctx.tokenFor('entrepreneur');
    raviApps = (await ctx.request(ravi, { method: 'GET', url: '/api/applications' })).json();
    availableAssetIds = (await ctx.request(ravi, { method: 'GET', url: '/api/assets/available' }))
      .json()
      .map((asset: { id: string }) => asset.id);
  });
  afterAll(() => ctx.close());

  describe('list and read', () => {
    it("lists the entrepreneur's own applications, newest first", () => {
      // The seed's four recent applications, then its older ones in possession (seed-estate.ts).
      expect(raviApps.map((app) => app.status)).toEqual([
        'pending_committee',
        'under_scrutiny',
        'submitted',
        'draft',
        'possession_given',
        'under_implementation',
        'possession_given',
        'possession_given',
      ]);
      expect(raviApps[0]!.application_number).toMatch(/^APP-\d{4}-\d{6}$/);
      // Each names its plot and zone, so the applicant's cards can tell one application from another.
      for (const app of raviApps) {
        expect(app).toMatchObject({ asset_code: expect.stringMatching(/\S/), zone: expect.stringMatching(/\S/) });
      }
    });

    it('filters by one status and pages with limit and offset; a bad status answers 422', async () => {
      const drafts = await ctx.request(ravi, { method: 'GET', url: '/api/applications?status=draft' });
      expect(drafts.json().map((app: Application) => app.status)).toEqual(['draft']);
      const page = await ctx.request(ravi, { method: 'GET', url: '/api/applications?limit=2&offset=1' });
      expect(page.json().map((app: Application) => app.id)).toEqual([raviApps[1]!.id, raviApps[2]!.id]);
      const search = await ctx.request(ravi, {
        method: 'GET',
        url: `/api/applications?q=${raviApps[2]!.application_number.slice(-3).toLowerCase()}`,
      });
      expect(search.json().map((app: Application) => app.id)).toContain(raviApps[2]!.id);
      const bad = await ctx.request(ravi, { method: 'GET', url: '/api/applications?status=nonsense' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail).toBeTruthy();
      expect((await ctx.request(ravi, { method: 'GET', url: '/api/applications?limit=0' })).statusCode).toBe(422);
    });

    it("never shows an entrepreneur another's applications; staff see everyone's once submitted", async () => {
      const other = await entrepreneurWithProfile();
      const created = (await newApplication(other)).json();
      const legal = await ctx.tokenFor('legal');
      const staffBefore = (await ctx.request(legal, { method: 'GET', url: '/api/applications' })).json();
      expect(staffBefore.map((app: Application) => app.id)).not.toContain(created.id);
      expect(staffBefore.map((app: Application) => app.status)).not.toContain('draft');
      await ctx.request(other, { method: 'POST', url: `/api/applications/${created.id}/submit` });
      const mine = (await ctx.request(other, { method: 'GET', url: '/api/applications' })).json();
      expect(mine.map((app: Application) => app.id)).toEqual([created.id]);
      const raviNow = (await ctx.request(ravi, { method: 'GET', url: '/api/applications' })).json();
      expect(raviNow.map((app: Application) => app.id)).not.toContain(created.id);
      const staff = (
        await ctx.request(await ctx.tokenFor('legal'), { method: 'GET', url: '/api/applications' })
      ).json();
      expect(staff.map((app: Application) => app.id)).toEqual(
        expect.arrayContaining([created.id, ...raviApps.filter((app) => app.status !== 'draft').map((app) => app.id)]),
      );
      const { token: noProfile } = await registerEntrepreneur(ctx);
      expect((await ctx.request(noProfile, { method: 'GET', url: '/api/applications' })).json()).toEqual([]);
    });

    it("opens one's own application; another entrepreneur's answers 404; staff may open any", async () => {
      const id = raviApps[0]!.id;
      const own = await ctx.request(ravi, { method: 'GET', url: `/api/applications/${id}` });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ id, status: 'pending_committee' });
      const other = await entrepreneurWithProfile();
      const refused = await ctx.request(other, { method: 'GET', url: `/api/applications/${id}` });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().detail).toBe('Application not found');
      expect(
        (await ctx.request(await ctx.tokenFor('finance'), { method: 'GET', url: `/api/applications/${id}` }))
          .statusCode,
      ).toBe(200);
      expect(
        (await ctx.request(ravi, { method: 'GET', url: `/api/applications/${crypto.randomUUID()}` })).statusCode,
      ).toBe(404);
      expect((await ctx.request(ravi, { method: 'GET', url: '/api/applications/123' })).statusCode).toBe(422);
      expect((await ctx.request(null, { method: 'GET', url: `/api/applications/${id}` })).statusCode).toBe(401);
    });
  });

  describe('create', () => {
    it('creates a draft with the next number, stage Draft and a timeline entry', async () => {
      const token = await entrepreneurWithProfile();
      const response = await newApplication(token, {
        application_type: 'expansion_reservation',
        estimated_investment: 1234567.89,
      });
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toMatchObject({
        status: 'draft',
        current_stage: 'Draft',
        application_type: 'expansion_reservation',
        asset_id: availableAssetIds[1],
        estimated_investment: 1234567.89,
        employment_generation: 35,
        submitted_at: null,
      });
      expect(created.application_number).toMatch(new RegExp(`^APP-${new Date().getUTCFullYear()}-\\d{6}$`));
      const events = await ctx.db.select().from(timelineEvents).where(eq(timelineEvents.applicationId, created.id));
      expect(events.map((event) => event.action)).toEqual(['Application created']);
      expect(events[0]!.userRole).toBe('entrepreneur');
    });

    it('defaults the type to new, and numbers two applications apart', async () => {
      const token = await entrepreneurWithProfile();
      const first = (await newApplication(token, { application_type: undefined })).json();
      const second = (await newApplication(token)).json();
      expect(first.application_type).toBe('new');
      expect(first.application_number).not.toBe(second.application_number);
    });

    it("refuses without a profile with 400 'Please complete your profile first'", async () => {
      const { token } = await registerEntrepreneur(ctx);
      const response = await newApplication(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Please complete your profile first');
    });

    it('refuses an unknown asset (404) and an asset that is not available (409)', async () => {
      const token = await entrepreneurWithProfile();
      expect((await newApplication(token, { asset_id: crypto.randomUUID() })).statusCode).toBe(404);
      const held = availableAssetIds[25]!;
      await ctx.db.update(assets).set({ status: 'reserved' }).where(eq(assets.id, held));
      const response = await newApplication(token, { asset_id: held });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toMatch(/no longer available/);
    });

    it('refuses staff with 403 and malformed bodies with 422, storing nothing', async () => {
      expect((await newApplication(await ctx.tokenFor('ho'))).statusCode).toBe(403);
      const token = await entrepreneurWithProfile();
      const before = (await ctx.db.select().from(applications)).length;
      const bad = await newApplication(token, {
        project_description: ' ',
        estimated_investment: -5,
        employment_generation: 2.5,
        asset_id: 'x',
        application_type: 'lease',
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.map((error: { path: string }) => error.path)).toEqual(
        expect.arrayContaining([
          'body.project_description',
          'body.estimated_investment',
          'body.employment_generation',
          'body.asset_id',
          'body.application_type',
        ]),
      );
      const strings = await newApplication(token, { estimated_investment: '100', employment_generation: '3' });
      expect(strings.statusCode).toBe(422);
      const empty = await ctx.request(token, { method: 'POST', url: '/api/applications' });
      expect(empty.statusCode).toBeGreaterThanOrEqual(400);
      expect(empty.statusCode).toBeLessThan(500);
      expect((await ctx.db.select().from(applications)).length).toBe(before);
    });
  });

  describe('submit', () => {
    it('submits a draft: status submitted, processing fee and EMD invoices, a message saying so, timeline entries', async () => {
      const token = await entrepreneurWithProfile();
      const draft = (await newApplication(token, { asset_id: availableAssetIds[4] })).json();
      const asset = (await ctx.request(token, { method: 'GET', url: `/api/assets/${availableAssetIds[4]}` })).json();
      const response = await ctx.request(token, { method: 'POST', url: `/api/applications/${draft.id}/submit` });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.message).toBe('Application submitted successfully. Invoices have been generated.');
      expect(body.invoices_generated).toBe(2);
      expect(body.application).toMatchObject({
        id: draft.id,
        status: 'submitted',
        current_stage: 'Submitted for scrutiny',
      });
      expect(body.application.submitted_at).toBeTruthy();

      const listed = (
        await ctx.request(token, { method: 'GET', url: `/api/invoices?application_id=${draft.id}` })
      ).json();
      const byType = Object.fromEntries(
        listed.map((invoice: { invoice_type: string }) => [invoice.invoice_type, invoice]),
      );
      // ₹10,000 and 18% GST; the EMD 10% of the plot's valuation, to the paisa.
      expect(byType.processing_fee).toMatchObject({ amount: 11800, status: 'pending' });
      expect(byType.emd).toMatchObject({ status: 'pending' });
      expect(Math.abs(byType.emd.amount - asset.valuation / 10)).toBeLessThan(0.005);
      expect(byType.emd.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
      expect(byType.emd.due_date).toBe(indiaDayAfter(30));

      const timeline = (
        await ctx.request(token, { method: 'GET', url: `/api/applications/${draft.id}/timeline` })
      ).json();
      expect(timeline.map((event: { action: string }) => event.action)).toEqual([
        'Invoice generated',
        'Invoice generated',
        'Application submitted',
        'Application created',
      ]);
    });

    it('refuses a second submit and a non-draft with 409, making no more invoices', async () => {
      const token = await entrepreneurWithProfile();
      const draft = (await newApplication(token)).json();
      expect(
        (await ctx.request(token, { method: 'POST', url: `/api/applications/${draft.id}/submit` })).statusCode,
      ).toBe(200);
      const again = await ctx.request(token, { method: 'POST', url: `/api/applications/${draft.id}/submit` });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe('Only a draft application can be submitted');
      expect(await ctx.db.select().from(invoices).where(eq(invoices.applicationId, draft.id))).toHaveLength(2);
      const submitted = raviApps.find((app) => app.status === 'under_scrutiny')!;
      expect(
        (await ctx.request(ravi, { method: 'POST', url: `/api/applications/${submitted.id}/submit` })).statusCode,
      ).toBe(409);
    });

    it('lets two racing submits make one set of invoices', async () => {
      const token = await entrepreneurWithProfile();
      const draft = (await newApplication(token)).json();
      const results = await Promise.all(
        [0, 1, 2].map(() => ctx.request(token, { method: 'POST', url: `/api/applications/${draft.id}/submit` })),
      );
      expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409, 409]);
      expect(await ctx.db.select().from(invoices).where(eq(invoices.applicationId, draft.id))).toHaveLength(2);
    });

    it("refuses another entrepreneur's draft (404) and staff (403)", async () => {
      const draft = raviApps.find((app) => app.status === 'draft')!;
      const other = await entrepreneurWithProfile();
      expect(
        (await ctx.request(other, { method: 'POST', url: `/api/applications/${draft.id}/submit` })).statusCode,
      ).toBe(404);
      expect(
        (
          await ctx.request(await ctx.tokenFor('admin'), {
            method: 'POST',
            url: `/api/applications/${draft.id}/submit`,
          })
        ).statusCode,
      ).toBe(403);
      const [row] = await ctx.db.select().from(applications).where(eq(applications.id, draft.id));
      expect(row!.status).toBe('draft');
    });
  });

  describe('timeline', () => {
    it('answers the events latest first, to the owner and staff; another entrepreneur gets 404', async () => {
      const app = raviApps.find((item) => item.status === 'under_scrutiny')!;
      const timeline = await ctx.request(ravi, { method: 'GET', url: `/api/applications/${app.id}/timeline` });
      expect(timeline.statusCode).toBe(200);
      const events = timeline.json();
      expect(events.map((event: { action: string }) => event.action)).toEqual([
        'Status changed to Under scrutiny',
        'Application submitted',
        'Application created',
      ]);
      expect(events[0]).toMatchObject({
        user_role: 'zonal_manager',
        user_name: 'Lakshmi Rao',
        entity_type: 'application',
      });
      expect(
        (
          await ctx.request(await ctx.tokenFor('committee'), {
            method: 'GET',
            url: `/api/applications/${app.id}/timeline`,
          })
        ).statusCode,
      ).toBe(200);
      const other = await entrepreneurWithProfile();
      expect(
        (await ctx.request(other, { method: 'GET', url: `/api/applications/${app.id}/timeline` })).statusCode,
      ).toBe(404);
    });
  });
});
