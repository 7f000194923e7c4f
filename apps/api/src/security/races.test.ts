/** Races: a hundred identical copies of each one-time action sent at once. Exactly one may succeed, every other copy
 * is refused with a 4xx (409 as a rule), and the database holds exactly one effect of it. */
import crypto from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday, type Role, type TimelineCode } from '@portal/contract';
import {
  allotments,
  documents,
  invoices,
  leaseDeeds,
  payments,
  possessions,
  serviceRequests,
  timelineEvents,
  users,
} from '../db/schema';
import { createTestContext, multipart, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../test/harness';
import { insertTestInvoices } from '../test/list-fixtures';
import { insertRequiredDocuments, insertTestApplication } from '../test/workflow-fixtures';
import { allotmentBody, buildWorld, daysAhead, type World } from './fixtures';

const COPIES = 100;

describe(`one-time actions raced ${COPIES} ways (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let world: World;
  const tally: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    world = await buildWorld(ctx);
  });
  afterAll(async () => {
    console.info(`races (${TEST_DB_KIND}), ${COPIES} copies each:\n  ${tally.join('\n  ')}`);
    await ctx.close();
  });

  /** Sends the copies at once and checks one 2xx, the rest 4xx; answers the winner. */
  async function race(
    name: string,
    send: (index: number) => Promise<LightMyRequestResponse>,
  ): Promise<LightMyRequestResponse> {
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: COPIES }, (_, index) => send(index)));
    const statuses: Record<number, number> = {};
    for (const response of responses) statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
    tally.push(`${name}: ${JSON.stringify(statuses)} in ${Math.round(performance.now() - started)} ms`);
    const winners = responses.filter((response) => response.statusCode >= 200 && response.statusCode < 300);
    const losers = responses.filter((response) => response.statusCode >= 400 && response.statusCode < 500);
    expect(winners, JSON.stringify(statuses)).toHaveLength(1);
    expect(losers, JSON.stringify(statuses)).toHaveLength(COPIES - 1);
    for (const loser of losers) expect(typeof loser.json().detail).toBe('string');
    return winners[0]!;
  }

  const officer = (roles: Role[], index: number) => world.tokens[roles[index % roles.length]!];
  const count = async (table: PgTable, where: SQL | undefined) =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(where)
    )[0]!.n;
  const events = (applicationId: string, code: TimelineCode) =>
    count(timelineEvents, and(eq(timelineEvents.applicationId, applicationId), eq(timelineEvents.eventCode, code)));

  it('submits a draft once: one set of invoices', async () => {
    const draft = await insertTestApplication(ctx, 'draft');
    await race('submit a draft', () =>
      ctx.request(world.tokens.entrepreneur, { method: 'POST', url: `/api/applications/${draft.id}/submit` }),
    );
    expect(await count(invoices, eq(invoices.applicationId, draft.id))).toBe(2);
    expect(await events(draft.id, 'application_submitted')).toBe(1);
  });

  it('pays one invoice once: one payment', async () => {
    const app = await insertTestApplication(ctx, 'pending_payment');
    const [invoice] = await insertTestInvoices(ctx, app.id);
    await race('pay one invoice', (index) =>
      ctx.request(world.tokens.entrepreneur, {
        method: 'POST',
        url: '/api/payments',
        payload: {
          invoice_id: invoice!.id,
          application_id: app.id,
          amount: invoice!.amount,
          payment_method: 'online',
          transaction_reference: `RACE-${index}-${crypto.randomBytes(3).toString('hex')}`,
        },
      }),
    );
    expect(await count(payments, eq(payments.invoiceId, invoice!.id))).toBe(1);
    expect(await events(app.id, 'payment_received')).toBe(1);
  });

  it('allots one application once: one allotment', async () => {
    const app = await insertTestApplication(ctx, 'approved');
    await race('create an allotment of one application', (index) =>
      ctx.request(officer(['ho', 'committee', 'admin'], index), {
        method: 'POST',
        url: '/api/allotments',
        payload: allotmentBody(app),
      }),
    );
    expect(await count(allotments, eq(allotments.applicationId, app.id))).toBe(1);
    expect(await events(app.id, 'allotment_created')).toBe(1);
  });

  it('verifies one document once: one verification on the timeline', async () => {
    const app = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'none' });
    await insertRequiredDocuments(ctx, app.id, 'pending');
    const [document] = await ctx.db.select().from(documents).where(eq(documents.applicationId, app.id));
    await race('verify one document', (index) =>
      ctx.request(officer(['zonal_manager', 'ho', 'committee', 'admin'], index), {
        method: 'PUT',
        url: `/api/applications/${app.id}/documents/${document!.id}/verify?verified=true`,
        payload: {},
      }),
    );
    expect(await events(app.id, 'document_verified')).toBe(1);
  });

  /** An allotment of the demo entrepreneur with its lease deed uploaded (and approved, when asked). */
  async function allotmentWithDeed(approve: boolean) {
    const app = await insertTestApplication(ctx, 'approved');
    const made = await ctx.request(world.tokens.ho, {
      method: 'POST',
      url: '/api/allotments',
      payload: allotmentBody(app),
    });
    expect(made.statusCode, made.body).toBe(201);
    const allotment = made.json() as { id: string };
    const uploaded = await ctx.request(world.tokens.entrepreneur, {
      method: 'POST',
      url: `/api/allotments/${allotment.id}/lease-deed`,
      ...multipart({}, { name: 'deed.pdf', bytes: SAMPLE_FILES.pdf() }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    if (approve) {
      const verified = await ctx.request(world.tokens.zonal_manager, {
        method: 'PUT',
        url: `/api/allotments/${allotment.id}/lease-deed/verify`,
        payload: { verification_status: 'approved' },
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
    return { app, allotment };
  }

  it('gives one verdict on a lease deed once', async () => {
    const { app, allotment } = await allotmentWithDeed(false);
    await race('verify one lease deed', (index) =>
      ctx.request(officer(['zonal_manager', 'ho', 'admin'], index), {
        method: 'PUT',
        url: `/api/allotments/${allotment.id}/lease-deed/verify`,
        payload: { verification_status: 'approved' },
      }),
    );
    expect(await count(leaseDeeds, eq(leaseDeeds.allotmentId, allotment.id))).toBe(1);
    expect(await events(app.id, 'lease_deed_approved')).toBe(1);
  });

  it('records possession on one allotment once: one possession', async () => {
    const { app, allotment } = await allotmentWithDeed(true);
    await race('record possession on one allotment', (index) =>
      ctx.request(officer(['zonal_manager', 'ho', 'admin'], index), {
        method: 'POST',
        url: `/api/allotments/${allotment.id}/possession`,
        payload: { possession_date: businessToday(), area_verified: 10, boundary_marked: true },
      }),
    );
    expect(await count(possessions, eq(possessions.allotmentId, allotment.id))).toBe(1);
    expect(await events(app.id, 'possession_recorded')).toBe(1);
  });

  async function openQuery() {
    const app = await insertTestApplication(ctx, 'under_scrutiny');
    const raised = await ctx.request(world.tokens.zonal_manager, {
      method: 'POST',
      url: `/api/applications/${app.id}/queries`,
      payload: { message: 'Please send the bank letter', respond_by: daysAhead(7) },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    return { app, query: raised.json() as { id: string } };
  }

  it('takes one answer to a query', async () => {
    const { app, query } = await openQuery();
    await race('answer one query', (index) =>
      ctx.request(world.tokens.entrepreneur, {
        method: 'POST',
        url: `/api/queries/${query.id}/response`,
        payload: { message: `Answer ${index}` },
      }),
    );
    expect(await events(app.id, 'query_answered')).toBe(1);
  });

  it('closes one query once', async () => {
    const { app, query } = await openQuery();
    await race('close one query', (index) =>
      ctx.request(officer(['zonal_manager', 'ho', 'committee', 'admin'], index), {
        method: 'POST',
        url: `/api/queries/${query.id}/close`,
      }),
    );
    expect(await events(app.id, 'query_closed')).toBe(1);
  });

  it('takes up one service request once (PATCH to in_progress)', async () => {
    const app = await insertTestApplication(ctx, 'approved');
    const raised = await ctx.request(world.tokens.entrepreneur, {
      method: 'POST',
      url: '/api/service-requests',
      payload: {
        request_type: 'change_name',
        application_id: app.id,
        description: 'A change of name',
        particulars: { new_name: 'Renamed Works Pvt Ltd' },
      },
    });
    expect(raised.statusCode, raised.body).toBe(201);
    const request = raised.json() as { id: string };
    await race('PATCH one service request to in_progress', (index) =>
      ctx.request(officer(['zonal_manager', 'ho', 'admin'], index), {
        method: 'PATCH',
        url: `/api/service-requests/${request.id}`,
        payload: { status: 'in_progress' },
      }),
    );
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row!.status).toBe('in_progress');
    expect(
      await count(
        timelineEvents,
        and(eq(timelineEvents.entityId, request.id), eq(timelineEvents.eventCode, 'service_request_updated')),
      ),
    ).toBe(1);
  });

  it("approves one application once (the committee's decision)", async () => {
    // Not pending_committee itself: a deferred decision may be noted there again and again, by design.
    const app = await insertTestApplication(ctx, 'pending_committee');
    await race('approve one application (PUT status)', (index) =>
      ctx.request(officer(['committee', 'ho', 'admin'], index), {
        method: 'PUT',
        url: `/api/applications/${app.id}/status`,
        payload: { status: 'approved', current_stage: 'Approved by the committee' },
      }),
    );
    expect(await events(app.id, 'status_changed')).toBe(1);
  });

  it('registers one email once', async () => {
    const email = `race-${crypto.randomBytes(4).toString('hex')}@example.com`;
    await race('register one email', (index) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        // One address each, so the per-address limit does not stand in for the uniqueness check.
        remoteAddress: `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        payload: { email, password: 'Tidy-Lantern-42', full_name: `Racer ${index}` },
      }),
    );
    expect(await count(users, eq(users.email, email))).toBe(1);
  });
});
