/** Every body that carries an amount of rupees reads it through the contract's one money schema (decision 019): an
 * amount finer than a paisa, negative, not a number or not finite is refused with 422 validation_failed naming the
 * field, and nothing is written. A ledger adjustment of ₹0.001 was once accepted and stored as ₹0. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { assets, applications, ledgerAdjustments, payments, schemeBids, schemes } from './db/schema';
import { createTestContext, TEST_DB_KIND, type TestContext } from './test/harness';
import { entrepreneurWithProfile, insertTestInvoices } from './test/list-fixtures';
import { insertTestApplication } from './test/workflow-fixtures';

/** Amounts as the JSON text a client might send (1e999 parses to Infinity). */
const BAD_AMOUNTS = ['0.001', '100.005', '-1', '0', '"abc"', '"100"', '"NaN"', '"Infinity"', '1e999', 'null', '[]'];

describe(`money bodies (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let finance: string;
  let admin: string;
  let ho: string;
  let owner: Awaited<ReturnType<typeof entrepreneurWithProfile>>;
  let applicationId: string;
  let invoiceId: string;

  const rows = async (table: PgTable) => (await ctx.db.select({ n: count() }).from(table))[0]!.n;

  /** Posts `template` with `$AMOUNT` replaced by each bad amount: 422 naming `field`, and no row more in `table`. */
  async function refusesEveryBadAmount(
    token: string,
    url: string,
    template: string,
    field: string,
    table: PgTable,
    zeroAllowed = false,
  ) {
    const before = await rows(table);
    for (const amount of BAD_AMOUNTS.filter((amount) => !(zeroAllowed && amount === '0'))) {
      const response = await ctx.request(token, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: template.replace('$AMOUNT', amount),
      });
      expect(response.statusCode, `${url} ${amount}: ${response.body}`).toBe(422);
      const body = response.json() as { code: string; detail: string; errors: { path: string }[] };
      expect(body.code).toBe('validation_failed');
      expect(
        body.errors.map((error) => error.path),
        `${url} ${amount}`,
      ).toContain(field);
    }
    expect(await rows(table)).toBe(before);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    finance = await ctx.tokenFor('finance');
    admin = await ctx.tokenFor('admin');
    ho = await ctx.tokenFor('ho');
    owner = await entrepreneurWithProfile(ctx, 'Paisa Works');
    const application = await insertTestApplication(ctx, 'submitted', { ownerEmail: owner.email });
    applicationId = application.id;
    invoiceId = (await insertTestInvoices(ctx, application.id))[0]!.id;
  });
  afterAll(() => ctx?.close());

  it('a ledger adjustment of ₹0.001 (or -1, "abc", Infinity) is refused and nothing is prepared; ₹0.01 is taken', async () => {
    const template = `{"application_id":"${applicationId}","kind":"debit","amount":$AMOUNT,"reason":"Bank charge recovered"}`;
    await refusesEveryBadAmount(finance, '/api/ledger-adjustments', template, 'body.amount', ledgerAdjustments);
    const paisa = await ctx.request(finance, {
      method: 'POST',
      url: '/api/ledger-adjustments',
      headers: { 'content-type': 'application/json' },
      payload: template.replace('$AMOUNT', '0.01'),
    });
    expect(paisa.statusCode, paisa.body).toBe(201);
    expect(paisa.json()).toMatchObject({ amount: 0.01 });
  });

  it('a payment, a bid, a scheme, a plot and an application refuse such amounts too', async () => {
    await refusesEveryBadAmount(
      owner.token,
      '/api/payments',
      `{"invoice_id":"${invoiceId}","application_id":"${applicationId}","amount":$AMOUNT,"payment_method":"online"}`,
      'body.amount',
      payments,
    );
    await refusesEveryBadAmount(
      owner.token,
      `/api/schemes/${applicationId}/plots/${invoiceId}/bids`,
      '{"amount":$AMOUNT}',
      'body.amount',
      schemeBids,
    );
    await refusesEveryBadAmount(
      ho,
      '/api/schemes',
      '{"title":"Paisa scheme","mode":"auction","plots":[],"increment":$AMOUNT}',
      'body.increment',
      schemes,
    );
    // A plot's valuation may be nil (not yet valued); nothing else about it changes.
    await refusesEveryBadAmount(
      admin,
      '/api/assets',
      '{"asset_code":"PAISA-1","valuation":$AMOUNT}',
      'body.valuation',
      assets,
      true,
    );
    await refusesEveryBadAmount(
      owner.token,
      '/api/applications',
      '{"estimated_investment":$AMOUNT}',
      'body.estimated_investment',
      applications,
    );
  });
});
