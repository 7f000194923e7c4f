/** One open request per thing and eligibility before the form (decision 020): the database and the service let one
 * request of a kind be open per allotment (per milestone for an extension of time) however many arrive at once, only
 * overdue dues refuse a transfer, subletting or mortgage NOC, and the allotment's `services` answer what the create
 * endpoint then does. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addMonths, type Allotment, type ServiceRequest, type ServiceRequestType } from '@portal/contract';
import { businessTodayIso } from '../../../core/dates';
import { invoices, serviceRequests } from '../../../db/schema';
import { nextNumber } from '../../../repositories/counters';
import { insertInvoice } from '../../../repositories/invoices';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile } from '../../../test/list-fixtures';
import { insertTestPlot, serviceRequestBody, type TestPlot } from '../../../test/service-fixtures';

describe(`one open request per thing, and eligibility before the form (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let zonal: string;
  let ho: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    zonal = await ctx.tokenFor('zonal_manager');
    ho = await ctx.tokenFor('ho');
  });
  afterAll(() => ctx.close());

  type Holder = Awaited<ReturnType<typeof entrepreneurWithProfile>> & { plot: TestPlot };

  async function holderWithPlot(name: string, possessionDate?: string | null): Promise<Holder> {
    const holder = await entrepreneurWithProfile(ctx, name);
    return { ...holder, plot: await insertTestPlot(ctx, { ownerEmail: holder.email, possessionDate }) };
  }
  const raise = (holder: Holder, type: ServiceRequestType, extra: Record<string, unknown> = {}) =>
    ctx.request(holder.token, {
      method: 'POST',
      url: '/api/service-requests',
      payload: serviceRequestBody(type, { allotment_id: holder.plot.allotmentId, ...extra }),
    });
  const move = (id: string, status: string, remarks?: string) =>
    ctx.request(zonal, { method: 'PATCH', url: `/api/service-requests/${id}`, payload: { status, remarks } });
  const allotmentOf = async (holder: Holder) => {
    const response = await ctx.request(holder.token, {
      method: 'GET',
      url: `/api/allotments/${holder.plot.allotmentId}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Allotment;
  };
  const openRows = (allotmentId: string) =>
    ctx.db
      .select()
      .from(serviceRequests)
      .where(and(eq(serviceRequests.allotmentId, allotmentId), eq(serviceRequests.status, 'submitted')));
  const dues = (holder: Holder, amount: number, dueDate: string) =>
    nextNumber(ctx.db, 'invoice').then((invoiceNumber) =>
      insertInvoice(ctx.db, {
        applicationId: holder.plot.applicationId,
        invoiceType: 'processing_fee',
        amount,
        dueDate,
        invoiceNumber,
      }),
    );

  it('answers a second request of a kind with 409 naming the open one, and takes it again once that is decided', async () => {
    const a = await holderWithPlot('Second Tab Works');
    // Two tabs at once: one is taken, the other told of it.
    const answers = await Promise.all([raise(a, 'mortgage_noc'), raise(a, 'mortgage_noc')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const taken = answers.find((answer) => answer.statusCode === 201)!.json() as ServiceRequest;
    const refused = answers.find((answer) => answer.statusCode === 409)!.json();
    expect(refused).toMatchObject({
      code: 'service_request_open',
      reason: 'service_request_open',
      params: { request_number: taken.request_number, status: 'submitted' },
    });
    expect(refused.detail).toContain(taken.request_number);
    // Another kind, and the same kind on another milestone, are not held back.
    expect((await raise(a, 'change_name')).statusCode).toBe(201);
    expect((await raise(a, 'eot', { milestone: 'commence_construction' })).statusCode).toBe(201);
    expect((await raise(a, 'eot', { milestone: 'start_production' })).statusCode).toBe(201);
    // In progress it is still open; rejected, the kind may be asked for again.
    expect((await move(taken.id, 'in_progress')).statusCode).toBe(200);
    expect((await raise(a, 'mortgage_noc')).json()).toMatchObject({
      params: { request_number: taken.request_number, status: 'in_progress' },
    });
    expect((await move(taken.id, 'rejected', 'Lender letter missing')).statusCode).toBe(200);
    expect((await raise(a, 'mortgage_noc')).statusCode).toBe(201);
  });

  it('takes exactly one of 50 extension requests for one milestone sent at once, and bills one fee', async () => {
    const a = await holderWithPlot('Fifty Tabs Works');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => raise(a, 'eot', { milestone: 'commence_construction' })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect(new Set(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code))).toEqual(
      new Set(['service_request_open']),
    );
    const rows = await openRows(a.plot.allotmentId);
    expect(rows).toHaveLength(1);
    // The card counts it as used at once.
    const card = await allotmentOf(a);
    expect(card.milestones[0]).toMatchObject({ extensions: 0, extensions_used: 1, extensions_left: 1 });
    const eot = card.services.find((s) => s.request_type === 'eot' && s.milestone === 'commence_construction')!;
    expect(eot).toMatchObject({ allowed: false, open_request: { id: rows[0]!.id, status: 'submitted' } });
    expect(eot.refusal?.code).toBe('service_request_open');
    expect((await move(rows[0]!.id, 'in_progress')).statusCode).toBe(200);
    expect((await move(rows[0]!.id, 'approved')).statusCode).toBe(200);
    const fees = await ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, a.plot.applicationId), eq(invoices.invoiceType, 'service_fee')));
    expect(fees).toHaveLength(1);
    // Approved and waiting for its fee, it is still the open one: a further ask is told to pay it, not billed again.
    const again = await raise(a, 'eot', { milestone: 'commence_construction' });
    expect(again.json()).toMatchObject({ code: 'service_request_open', params: { status: 'approved' } });
    expect((await allotmentOf(a)).services.find((s) => s.milestone === 'commence_construction')).toMatchObject({
      open_request: { status: 'approved', invoice_id: fees[0]!.id },
    });
  });

  it('takes one of two transfers sent at once', async () => {
    const a = await holderWithPlot('Two Transfers Works');
    const answers = await Promise.all([
      raise(a, 'transfer', { particulars: { transferee_email: 'first-buyer@example.com' } }),
      raise(a, 'transfer', { particulars: { transferee_email: 'second-buyer@example.com' } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await openRows(a.plot.allotmentId)).toHaveLength(1);
  });

  it('lets dues not yet due pass, and refuses on overdue dues with their amount, on the card and at the endpoint', async () => {
    const today = businessTodayIso();
    const a = await holderWithPlot('Dues Next Month Works');
    await dues(a, 6_131.6, addMonths(today, 1));
    const card = await allotmentOf(a);
    for (const type of ['transfer', 'subletting', 'mortgage_noc'] as const) {
      expect(card.services.find((s) => s.request_type === type)).toMatchObject({ allowed: true, refusal: null });
      expect((await raise(a, type)).statusCode, type).toBe(201);
    }

    const b = await holderWithPlot('Dues Last Month Works');
    await dues(b, 6_131.6, addMonths(today, -1));
    await dues(b, 1_000, addMonths(today, 1));
    const owing = await allotmentOf(b);
    for (const type of ['transfer', 'subletting', 'mortgage_noc'] as const) {
      const row = owing.services.find((s) => s.request_type === type)!;
      expect(row).toMatchObject({ allowed: false, refusal: { code: 'unpaid_dues', params: { amount: '6131.60' } } });
      const refused = await raise(b, type);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'unpaid_dues', params: { amount: '6131.60' } });
      expect(refused.json().detail).toContain('₹6,131.60');
    }
    expect(owing.services_allowed).not.toContain('transfer');
    expect(owing.services_allowed).toContain('withdrawal');
  });

  it("answers for every service what the create endpoint then does, whatever the allotment's state", async () => {
    const today = businessTodayIso();
    const plain = await holderWithPlot('Eligible Works');
    const owing = await holderWithPlot('Owing Works');
    await dues(owing, 2_500.25, addMonths(today, -2));
    const asked = await holderWithPlot('Asked Works');
    expect((await raise(asked, 'eot', { milestone: 'start_production' })).statusCode).toBe(201);
    expect((await raise(asked, 'subletting')).statusCode).toBe(201);
    const noticed = await holderWithPlot('Noticed Works');
    const notice = await ctx.request(ho, {
      method: 'POST',
      url: `/api/allotments/${noticed.plot.allotmentId}/show-causes`,
      payload: { grounds: 'Construction has not commenced' },
    });
    expect(notice.statusCode, notice.body).toBe(201);
    const early = await holderWithPlot('Early Works', null);

    for (const holder of [plain, owing, asked, noticed, early]) {
      const { services } = await allotmentOf(holder);
      expect(services.length).toBeGreaterThan(0);
      for (const service of services) {
        const label = `${holder.email} ${service.request_type} ${service.milestone ?? ''}`;
        const response = await raise(
          holder,
          service.request_type,
          service.milestone ? { milestone: service.milestone } : {},
        );
        if (service.allowed) {
          expect(response.statusCode, `${label}: ${response.body}`).toBe(201);
        } else {
          expect(response.statusCode, label).toBe(409);
          expect(response.json().code, label).toBe(service.refusal!.code);
          if (Object.keys(service.refusal!.params).length > 0) {
            expect(response.json().params, label).toEqual(service.refusal!.params);
          }
        }
      }
    }
  });

  it('lets the partial unique index refuse a second open request even without the service', async () => {
    const a = await holderWithPlot('Index Works');
    const taken = (await raise(a, 'withdrawal')).json() as ServiceRequest;
    const [row] = await ctx.db.select().from(serviceRequests).where(eq(serviceRequests.id, taken.id));
    const copy = { ...row!, id: crypto.randomUUID(), requestNumber: `${row!.requestNumber}-copy`, orderNumber: null };
    await expect(ctx.db.insert(serviceRequests).values(copy)).rejects.toThrow();
    // A decided one beside it is fine.
    await ctx.db.insert(serviceRequests).values({ ...copy, status: 'rejected' });
  });
});
