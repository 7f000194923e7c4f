// The summary figures the dashboards read (migration 0001) agree with a full recount of the tables after a random
// mix of writes: the real API's creates, submits, status moves, payments and allotments, and multi-row statements
// straight on the tables that the statement-level triggers see as one. The generator is seeded (SUMMARY_SEED
// replays a run), and the last test proves the recount notices a summary that a missing trigger left behind.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { manualTransitionsFrom, type ApplicationStatus } from '@portal/contract';
import { applicants, applications, assets, invoices, ledgerEntries, payments } from '../../db/schema';
import { foldSummaryDeltas } from '../../repositories/summaries';
import { createTestContext, registerEntrepreneur, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { insertRequiredDocuments } from '../../test/workflow-fixtures';

/** Rows the API workload leaves alone, so the statements straight on the tables may delete them. */
const notBulk = sql`${applications.applicationNumber} not like 'APP-BULK-%'`;
const SEED = Number(process.env.SUMMARY_SEED ?? 20_261_122);
const STEPS = 160;

/** mulberry32: a small, well-mixed 32-bit generator, so a failing run can be replayed from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (n: number) => Math.floor(next() * n);
  return {
    below,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T | undefined => (items.length ? items[below(items.length)] : undefined),
    some: <T>(items: readonly T[], most: number): T[] =>
      items.filter(() => next() < Math.min(1, most / Math.max(1, items.length))),
  };
}

const SUMMARIES: Record<string, { view: SQL; recount: SQL }> = {
  application_status_counts: {
    view: sql`select status::text, count::bigint::text as count from application_status_counts where count <> 0`,
    recount: sql`select status::text, count(*)::text as count from applications group by status`,
  },
  asset_status_counts: {
    view: sql`select status::text, count::bigint::text as count from asset_status_counts where count <> 0`,
    recount: sql`select status::text, count(*)::text as count from assets group by status`,
  },
  invoice_totals: {
    view: sql`select status::text, due_date::text, count::bigint::text as count, amount::numeric(20, 2)::text as amount
      from invoice_totals where count <> 0 or amount <> 0`,
    recount: sql`select status::text, due_date::text, count(*)::text as count, sum(amount)::numeric(20, 2)::text as amount
      from invoices group by status, due_date`,
  },
  payment_totals: {
    view: sql`select status::text, count::bigint::text as count, amount::numeric(20, 2)::text as amount
      from payment_totals where count <> 0 or amount <> 0`,
    recount: sql`select status::text, count(*)::text as count, sum(amount)::numeric(20, 2)::text as amount
      from payments group by status`,
  },
  payment_collections: {
    view: sql`select day::text, method::text, sum(count)::text as count, sum(amount)::numeric(20, 2)::text as amount
      from (select * from payment_collections_base union all select * from payment_collections_deltas) parts
      group by day, method having sum(count) <> 0 or sum(amount) <> 0`,
    recount: sql`select (payment_date at time zone 'Asia/Kolkata')::date::text as day, payment_method::text as method,
      count(*)::text as count, sum(amount)::numeric(20, 2)::text as amount
      from payments where status = 'success' group by 1, 2`,
  },
};

describe(`summary figures against a full recount (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let officer: string;
  const owners: { token: string; applicantId: string }[] = [];
  const random = generator(SEED);
  const done: Record<string, number> = {};

  const rows = async (query: SQL) => {
    const result = (await ctx.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    return result.rows.map((row) => JSON.stringify(row)).sort();
  };

  /** The summaries that disagree with a recount, each with both readings. */
  async function disagreements() {
    const found: Record<string, { summary: string[]; recount: string[] }> = {};
    for (const [name, { view, recount }] of Object.entries(SUMMARIES)) {
      const [summary, counted] = [await rows(view), await rows(recount)];
      if (JSON.stringify(summary) !== JSON.stringify(counted)) found[name] = { summary, recount: counted };
    }
    return found;
  }

  const unique = () => crypto.randomBytes(4).toString('hex').toUpperCase();
  const call = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const response = await ctx.request(token, { method, url, ...(payload && { payload }) });
    // Refusals (a lost race, a state already left) are part of a random workload; anything worse is a bug.
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(500);
    return response;
  };
  const count = (action: string, ok: boolean) => {
    if (ok) done[action] = (done[action] ?? 0) + 1;
  };

  const ACTIONS: Record<string, () => Promise<void>> = {
    async create() {
      const owner = random.pick(owners)!;
      const available = await ctx.db.select({ id: assets.id }).from(assets).where(eq(assets.status, 'available'));
      const asset = random.pick(available);
      if (!asset) return;
      const response = await call(owner.token, 'POST', '/api/applications', {
        asset_id: asset.id,
        project_description: 'Random workload',
        estimated_investment: 100_000 + random.below(10_000_000),
        employment_generation: random.below(200),
      });
      count('create', response.statusCode === 201);
    },
    async submit() {
      const owner = random.pick(owners)!;
      const drafts = await ctx.db
        .select({ id: applications.id })
        .from(applications)
        .where(and(eq(applications.applicantId, owner.applicantId), eq(applications.status, 'draft'), notBulk));
      const draft = random.pick(drafts);
      if (!draft) return;
      count('submit', (await call(owner.token, 'POST', `/api/applications/${draft.id}/submit`)).statusCode === 200);
    },
    async move() {
      const movable = await ctx.db
        .select({ id: applications.id, status: applications.status })
        .from(applications)
        .where(
          and(inArray(applications.status, ['submitted', 'under_scrutiny', 'pending_committee', 'approved']), notBulk),
        );
      const application = random.pick(movable);
      if (!application) return;
      const to = random.pick(manualTransitionsFrom(application.status));
      if (!to) return;
      // Past scrutiny needs the required documents verified (their own tests cover that guard).
      if (to === 'pending_committee' || to === 'approved') {
        await insertRequiredDocuments(ctx, application.id, 'verified');
      }
      const response = await call(officer, 'PUT', `/api/applications/${application.id}/status`, {
        status: to,
        current_stage: `Moved to ${to}`,
      });
      count('move', response.statusCode === 200);
    },
    async pay() {
      const owner = random.pick(owners)!;
      const unpaid = await ctx.db
        .select({ id: invoices.id, applicationId: invoices.applicationId, amount: invoices.amount })
        .from(invoices)
        .innerJoin(applications, eq(applications.id, invoices.applicationId))
        .where(and(eq(applications.applicantId, owner.applicantId), eq(invoices.status, 'pending')));
      const invoice = random.pick(unpaid);
      if (!invoice) return;
      const response = await call(owner.token, 'POST', '/api/payments', {
        invoice_id: invoice.id,
        application_id: invoice.applicationId,
        amount: invoice.amount,
        payment_method: 'online',
        transaction_reference: `RANDOM-${unique()}`,
      });
      count('pay', response.statusCode === 201);
    },
    async allot() {
      const ready = await ctx.db
        .select({ id: applications.id, assetId: applications.assetId })
        .from(applications)
        .innerJoin(assets, eq(assets.id, applications.assetId))
        .where(
          and(inArray(applications.status, ['approved', 'payment_verified']), ne(assets.status, 'allotted'), notBulk),
        );
      let application = random.pick(ready);
      if (!application) {
        // None ready: the committee approves one waiting on it first, so every run reaches an allotment.
        const waiting = await ctx.db
          .select({ id: applications.id, assetId: applications.assetId })
          .from(applications)
          .innerJoin(assets, eq(assets.id, applications.assetId))
          .where(and(eq(applications.status, 'pending_committee'), eq(assets.status, 'available'), notBulk));
        application = random.pick(waiting);
        if (!application) return;
        await insertRequiredDocuments(ctx, application.id, 'verified');
        const approved = await call(officer, 'PUT', `/api/applications/${application.id}/status`, {
          status: 'approved',
          current_stage: 'Approved for allotment',
        });
        if (approved.statusCode !== 200) return;
      }
      const response = await call(officer, 'POST', '/api/allotments', {
        application_id: application.id,
        asset_id: application.assetId,
        allotment_type: 'provisional',
        allotment_date: '2026-01-15',
      });
      count('allot', response.statusCode === 201);
    },
    // Multi-row statements: the transition tables of one trigger call hold every row.
    async insertAssets() {
      const statuses = ['available', 'reserved', 'allotted', 'other'] as const;
      await ctx.db.insert(assets).values(
        Array.from({ length: 2 + random.below(5) }, () => ({
          assetCode: `BULK-${unique()}`,
          categoryId: 'industrial',
          type: 'plot' as const,
          zone: 'Bulk Zone',
          location: 'Bulk Park',
          surveyNumber: '1/1',
          totalArea: 500,
          availableArea: 500,
          unit: 'sqm' as const,
          valuation: 100_000 + random.below(1_000_000),
          status: random.pick(statuses)!,
        })),
      );
      count('insertAssets', true);
    },
    async updateAssets() {
      const bulk = await ctx.db.select({ id: assets.id }).from(assets).where(eq(assets.zone, 'Bulk Zone'));
      const chosen = random.some(bulk, 4).map((row) => row.id);
      if (chosen.length === 0) return;
      const status = random.pick(['available', 'reserved', 'other'] as const)!;
      await ctx.db.update(assets).set({ status }).where(inArray(assets.id, chosen));
      count('updateAssets', true);
    },
    async deleteAssets() {
      // Bulk assets no application points at.
      const free = await ctx.db
        .select({ id: assets.id })
        .from(assets)
        .where(
          and(
            eq(assets.zone, 'Bulk Zone'),
            sql`not exists (select 1 from ${applications} where ${applications.assetId} = ${assets.id})`,
          ),
        );
      const chosen = random.some(free, 3).map((row) => row.id);
      if (chosen.length === 0) return;
      await ctx.db.delete(assets).where(inArray(assets.id, chosen));
      count('deleteAssets', true);
    },
    async insertDrafts() {
      const owner = random.pick(owners)!;
      const [asset] = await ctx.db.select({ id: assets.id }).from(assets).limit(1);
      await ctx.db.insert(applications).values(
        Array.from({ length: 2 + random.below(4) }, () => ({
          applicationNumber: `APP-BULK-${unique()}`,
          applicantId: owner.applicantId,
          assetId: asset!.id,
          status: random.pick(['draft', 'submitted', 'rejected'] as const)!,
          currentStage: 'Bulk',
          estimatedInvestment: 1_000_000,
          employmentGeneration: 3,
          projectDescription: 'Bulk insert',
        })),
      );
      count('insertDrafts', true);
    },
    async updateApplications() {
      const bulk = await ctx.db
        .select({ id: applications.id })
        .from(applications)
        .where(sql`${applications.applicationNumber} like 'APP-BULK-%'`);
      const chosen = random.some(bulk, 5).map((row) => row.id);
      if (chosen.length === 0) return;
      const status = random.pick<ApplicationStatus>(['submitted', 'rejected', 'completed', 'draft'])!;
      await ctx.db.update(applications).set({ status }).where(inArray(applications.id, chosen));
      count('updateApplications', true);
    },
    async deleteApplications() {
      const bulk = await ctx.db
        .select({ id: applications.id })
        .from(applications)
        .where(sql`${applications.applicationNumber} like 'APP-BULK-%'`);
      const chosen = random.some(bulk, 3).map((row) => row.id);
      if (chosen.length === 0) return;
      await ctx.db.delete(applications).where(inArray(applications.id, chosen));
      count('deleteApplications', true);
    },
    async updateInvoices() {
      // Moves due dates (so the per-day keys change) and amounts of several invoices at once.
      const pending = await ctx.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.status, 'pending'));
      const chosen = random.some(pending, 4).map((row) => row.id);
      if (chosen.length === 0) return;
      const days = random.below(90) - 60;
      await ctx.db
        .update(invoices)
        .set({ dueDate: sql`${invoices.dueDate} + ${days}::int`, amount: sql`${invoices.amount} + 0.5` })
        .where(inArray(invoices.id, chosen));
      count('updateInvoices', true);
    },
    async updatePayments() {
      // A refund marks successful payments failed; their invoices stay as they are, which the figures allow.
      const paid = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.status, 'success'));
      const chosen = random.some(paid, 2).map((row) => row.id);
      if (chosen.length === 0) return;
      await ctx.db.update(payments).set({ status: 'failed' }).where(inArray(payments.id, chosen));
      count('updatePayments', true);
    },
    async insertFailedPayments() {
      // Failed attempts, straight into the table: the ledger keeps only money that moved, so none is posted.
      const some = await ctx.db
        .select({ id: invoices.id, applicationId: invoices.applicationId, amount: invoices.amount })
        .from(invoices);
      const chosen = random.some(some, 2);
      if (chosen.length === 0) return;
      await ctx.db.insert(payments).values(
        chosen.map((invoice) => ({
          receiptNumber: `RCP-FAILED-${crypto.randomUUID()}`,
          applicationId: invoice.applicationId,
          invoiceId: invoice.id,
          amount: invoice.amount,
          transactionReference: 'TXN-FAILED',
          status: 'failed' as const,
        })),
      );
      count('insertFailedPayments', true);
    },
    async deletePayments() {
      // Only attempts the ledger never posted may go: a payment in the (append-only) ledger stays for good.
      const failed = await ctx.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'failed'),
            sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.paymentId} = ${payments.id})`,
          ),
        );
      const chosen = random.some(failed, 3).map((row) => row.id);
      if (chosen.length === 0) return;
      await ctx.db.delete(payments).where(inArray(payments.id, chosen));
      count('deletePayments', true);
    },
    async fold() {
      await foldSummaryDeltas(ctx.db);
      count('fold', true);
    },
  };
  const WEIGHTS: Record<keyof typeof ACTIONS, number> = {
    create: 10,
    submit: 8,
    move: 14,
    pay: 8,
    allot: 4,
    insertAssets: 3,
    updateAssets: 3,
    deleteAssets: 2,
    insertDrafts: 3,
    updateApplications: 3,
    deleteApplications: 2,
    updateInvoices: 3,
    updatePayments: 2,
    insertFailedPayments: 2,
    deletePayments: 2,
    fold: 2,
  };
  const choices = Object.entries(WEIGHTS).flatMap(([action, weight]) => Array<string>(weight).fill(action));

  beforeAll(async () => {
    ctx = await createTestContext();
    officer = await ctx.tokenFor('ho');
    for (const name of ['Workload One', 'Workload Two', 'Workload Three']) {
      const { token, id } = await registerEntrepreneur(ctx, name);
      const [profile] = await ctx.db
        .insert(applicants)
        .values({
          userId: id,
          organizationName: `${name} Industries`,
          panNumber: 'ABCDE1234F',
          address: '1 Road',
          city: 'Warangal',
          state: 'Telangana',
          pincode: '506001',
          bankName: 'Bank',
          bankAccount: '1234567890',
          bankIfsc: 'SBIN0001234',
        })
        .returning();
      owners.push({ token, applicantId: profile!.id });
    }
  });
  afterAll(() => ctx.close());

  it(`agrees after ${STEPS} random steps (seed ${SEED}), checked along the way and after folding`, async () => {
    expect(await disagreements()).toEqual({});
    for (let step = 1; step <= STEPS; step++) {
      await ACTIONS[random.pick(choices)!]!();
      if (step % 40 === 0) expect(await disagreements(), `after step ${step} (seed ${SEED})`).toEqual({});
    }
    expect(await disagreements()).toEqual({});
    await foldSummaryDeltas(ctx.db);
    expect(await disagreements()).toEqual({});
    // The workload reached every kind of write, through the API and straight on the tables.
    for (const action of Object.keys(WEIGHTS).filter((name) => name !== 'deletePayments')) {
      expect(done[action] ?? 0, `${action} never ran (seed ${SEED})`).toBeGreaterThan(0);
    }
  }, 180_000);

  it('notices a summary a missing trigger left behind', async () => {
    const missing = async (table: string, write: SQL) => {
      const triggers = await rows(sql`select t.tgname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where c.relname = ${table} and p.proname like 'summarise%'`);
      expect(triggers.length).toBeGreaterThan(0);
      for (const trigger of triggers) {
        const { name } = JSON.parse(trigger) as { name: string };
        await ctx.db.execute(sql.raw(`DROP TRIGGER "${name}" ON "${table}"`));
      }
      await ctx.db.execute(write);
    };
    // One application's status changes whatever statuses the random workload left (none may be 'submitted' by now).
    await missing(
      'applications',
      sql`update applications set status = (case when status = 'rejected' then 'submitted' else 'rejected' end)::application_status
          where id = (select id from applications order by id limit 1)`,
    );
    await missing('assets', sql`update assets set status = 'other' where status = 'available'`);
    await missing('invoices', sql`update invoices set amount = amount + 1`);
    await missing('payments', sql`update payments set amount = amount + 1`);
    expect(Object.keys(await disagreements()).sort()).toEqual(Object.keys(SUMMARIES).sort());
  });
});
