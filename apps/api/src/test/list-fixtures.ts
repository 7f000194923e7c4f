/** Test setup for the list protocol: entrepreneurs with profiles, rows put straight into the tables, and a reader
 * for a list answer's page headers. */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { LIST_HEADERS, type ApplicantCategory } from '@portal/contract';
import { insertInvoice, type InvoiceRow } from '../repositories/invoices';
import { insertPayment, type PaymentRow } from '../modules/money/repositories/payments';
import { nextNumber } from '../repositories/counters';
import { registerEntrepreneur, type TestContext } from './harness';

export interface ListAnswer<T> {
  status: number;
  items: T[];
  total: number;
  capped: boolean;
  nextCursor: string | null;
  /** The Link header's targets by rel. */
  links: Record<string, string>;
}

export function readList<T = { id: string }>(response: LightMyRequestResponse): ListAnswer<T> {
  const links: Record<string, string> = {};
  const header = response.headers[LIST_HEADERS.link.toLowerCase()];
  for (const part of String(header ?? '').split(/,\s*(?=<)/)) {
    const match = /^<([^>]*)>;\s*rel="(\w+)"$/.exec(part.trim());
    if (match) links[match[2]!] = match[1]!;
  }
  const capped = response.headers[LIST_HEADERS.totalCapped.toLowerCase()];
  const next = response.headers[LIST_HEADERS.nextCursor.toLowerCase()];
  return {
    status: response.statusCode,
    items: response.statusCode === 200 ? (response.json() as T[]) : [],
    total: Number(response.headers[LIST_HEADERS.total.toLowerCase()]),
    capped: capped === 'true',
    nextCursor: typeof next === 'string' ? next : null,
    links,
  };
}

/** GETs a list and reads its page. */
export async function getList<T = { id: string }>(
  ctx: TestContext,
  token: string,
  url: string,
): Promise<ListAnswer<T>> {
  return readList<T>(await ctx.request(token, { method: 'GET', url }));
}

/** Follows the next cursor from the first page to the last and answers every row in the order seen. */
export async function walkList<T extends { id: string }>(ctx: TestContext, token: string, url: string): Promise<T[]> {
  const seen: T[] = [];
  let page = await getList<T>(ctx, token, url);
  for (let guard = 0; guard < 1000; guard++) {
    expect(page.status).toBe(200);
    seen.push(...page.items);
    if (!page.nextCursor) return seen;
    const separator = url.includes('?') ? '&' : '?';
    page = await getList<T>(ctx, token, `${url}${separator}cursor=${page.nextCursor}`);
  }
  throw new Error('the cursor never ended');
}

/** A limit over 200 answers 422 with a detail a person can read. */
export async function expectLimitRefused(ctx: TestContext, token: string, path: string): Promise<void> {
  const response = await ctx.request(token, {
    method: 'GET',
    url: `${path}${path.includes('?') ? '&' : '?'}limit=201`,
  });
  expect(response.statusCode).toBe(422);
  expect(response.json().detail).toMatch(/at most 200/);
}

const PROFILE = {
  pan_number: 'ABCDE1234F',
  address: '1 Test Road',
  city: 'Warangal',
  state: 'Telangana',
  pincode: '506001',
  bank_name: 'Test Bank',
  bank_account: '1234567890',
  bank_ifsc: 'TEST0001234',
};

/** A fresh entrepreneur with an applicant profile under `organisation`. */
export async function entrepreneurWithProfile(
  ctx: TestContext,
  organisation: string,
  category: ApplicantCategory = 'general',
): Promise<{ token: string; email: string; userId: string; applicantId: string }> {
  const { token, email, id } = await registerEntrepreneur(ctx, `${organisation} Owner`);
  const created = await ctx.request(token, {
    method: 'POST',
    url: '/api/applicants',
    payload: { ...PROFILE, organization_name: organisation, category },
  });
  if (created.statusCode !== 201) throw new Error(`profile failed: ${created.body}`);
  return { token, email, userId: id, applicantId: created.json().id as string };
}

/** The two invoices of a submitted application, made directly; `dueDate` defaults to thirty days ahead. */
export async function insertTestInvoices(
  ctx: TestContext,
  applicationId: string,
  dueDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
): Promise<InvoiceRow[]> {
  const rows: InvoiceRow[] = [];
  for (const [invoiceType, amount] of [
    ['processing_fee', 11_800],
    ['emd', 200_000],
  ] as const) {
    const row = await insertInvoice(ctx.db, {
      applicationId,
      invoiceType,
      amount,
      dueDate,
      invoiceNumber: await nextNumber(ctx.db, 'invoice'),
    });
    rows.push(row!);
  }
  return rows;
}

export async function insertTestPayment(ctx: TestContext, invoice: InvoiceRow, paidBy: string): Promise<PaymentRow> {
  return insertPayment(ctx.db, {
    receiptNumber: await nextNumber(ctx.db, 'receipt'),
    applicationId: invoice.applicationId,
    invoiceId: invoice.id,
    amount: invoice.amount,
    paymentMethod: 'online',
    transactionReference: `TXN-${crypto.randomBytes(4).toString('hex')}`,
    paidBy,
  });
}
