/** One business day: "today", due dates and overdue follow the business calendar (Asia/Kolkata by default), so the
 * day turns at midnight in India (18:30 UTC), not at midnight UTC. The clock is frozen either side of it. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Invoice, OfficerStats } from '@portal/contract';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { entrepreneurWithProfile, getList, insertTestInvoices } from '../test/list-fixtures';
import { insertTestApplication } from '../test/workflow-fixtures';
import { CALENDAR } from './business-calendar';
import { addDays, businessTodayIso, dueDateFrom, isoDay } from './dates';

/** 23:59 on Friday 20 Nov 2026 in India; two minutes later it is 00:01 on Saturday 21 Nov there, still the 20th in UTC. */
const FRIDAY_2359_IST = new Date('2026-11-20T18:29:00Z');
const SATURDAY_0001_IST = new Date('2026-11-20T18:31:00Z');

describe('business dates', () => {
  it('runs on the Asia/Kolkata calendar unless configured', () => {
    expect(CALENDAR.timeZone).toBe('Asia/Kolkata');
  });

  it('reads today in the business zone, not in UTC', () => {
    expect(businessTodayIso(FRIDAY_2359_IST)).toBe('2026-11-20');
    expect(businessTodayIso(SATURDAY_0001_IST)).toBe('2026-11-21');
    expect(isoDay(SATURDAY_0001_IST)).toBe('2026-11-21');
  });

  it('counts a due date from the business day', () => {
    expect(dueDateFrom(FRIDAY_2359_IST, 30)).toBe('2026-12-20');
    expect(dueDateFrom(SATURDAY_0001_IST, 30)).toBe('2026-12-21');
    // The older spelling of a due date gives the same day.
    expect(isoDay(addDays(FRIDAY_2359_IST, 30))).toBe('2026-12-20');
    expect(isoDay(addDays(SATURDAY_0001_IST, 30))).toBe('2026-12-21');
  });
});

describe(`overdue at midnight in India (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: { token: string; email: string };
  let finance: string;
  let application: { id: string };
  let invoiceIds: string[];

  beforeAll(async () => {
    // Only Date is faked: timers, and so the database and the server, run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FRIDAY_2359_IST);
    ctx = await createTestContext();
    owner = await entrepreneurWithProfile(ctx, 'Midnight Castings');
    finance = await ctx.tokenFor('finance');
    application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    // Due on Friday 20 Nov: the last day it may be paid without being late.
    invoiceIds = (await insertTestInvoices(ctx, application.id, '2026-11-20')).map((row) => row.id);
  });
  afterEach(() => vi.setSystemTime(FRIDAY_2359_IST));
  afterAll(async () => {
    await ctx.close();
    vi.useRealTimers();
  });

  const ownInvoices = async () => {
    const page = await getList<Invoice>(ctx, owner.token, `/api/invoices?application_id=${application.id}`);
    expect(page.status).toBe(200);
    return page.items;
  };
  const overdueIds = async (token: string) =>
    (await getList<Invoice>(ctx, token, `/api/invoices?status=overdue&application_id=${application.id}`)).items
      .map((invoice) => invoice.id)
      .sort();
  const overdueCount = async () => {
    const response = await ctx.request(finance, { method: 'GET', url: '/api/dashboard/stats' });
    expect(response.statusCode).toBe(200);
    return (response.json() as OfficerStats).overdue_invoices;
  };

  it('reads an invoice due today as pending at 23:59 IST', async () => {
    const invoices = await ownInvoices();
    expect(invoices.map((invoice) => invoice.id).sort()).toEqual([...invoiceIds].sort());
    expect(invoices.every((invoice) => invoice.status === 'pending')).toBe(true);
    expect(await overdueIds(owner.token)).toEqual([]);
    expect(await overdueIds(finance)).toEqual([]);
  });

  it('reads the same invoice, due yesterday in India, as overdue at 00:01 IST though UTC is still on the 20th', async () => {
    const before = await overdueCount();
    vi.setSystemTime(SATURDAY_0001_IST);
    expect(new Date().toISOString().slice(0, 10)).toBe('2026-11-20');

    const invoices = await ownInvoices();
    expect(invoices.every((invoice) => invoice.status === 'overdue')).toBe(true);
    // The status filter (SQL, with the business day as its parameter) agrees with the status shown.
    expect(await overdueIds(owner.token)).toEqual([...invoiceIds].sort());
    expect(await overdueIds(finance)).toEqual([...invoiceIds].sort());
    const pending = await getList<Invoice>(
      ctx,
      owner.token,
      `/api/invoices?status=pending&application_id=${application.id}`,
    );
    expect(pending.items).toEqual([]);
    // So does the finance dashboard's overdue figure.
    expect(await overdueCount()).toBe(before + invoiceIds.length);
  });

  it('dates the invoices of an application submitted at 00:01 IST from the 21st, thirty days on', async () => {
    vi.setSystemTime(SATURDAY_0001_IST);
    const [asset] = (await ctx.request(owner.token, { method: 'GET', url: '/api/assets/available' })).json();
    const created = await ctx.request(owner.token, {
      method: 'POST',
      url: '/api/applications',
      payload: {
        asset_id: asset.id,
        project_description: 'Foundry',
        estimated_investment: 5_000_000,
        employment_generation: 12,
      },
    });
    expect(created.statusCode).toBe(201);
    const submitted = await ctx.request(owner.token, {
      method: 'POST',
      url: `/api/applications/${created.json().id}/submit`,
    });
    expect(submitted.statusCode).toBe(200);
    const page = await getList<Invoice>(ctx, owner.token, `/api/invoices?application_id=${created.json().id}`);
    expect(page.items.length).toBeGreaterThan(0);
    for (const invoice of page.items) {
      expect(invoice.due_date).toBe('2026-12-21');
      expect(invoice.status).toBe('pending');
    }
  });
});
