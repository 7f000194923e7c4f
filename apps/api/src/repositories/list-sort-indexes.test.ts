// Lists whose sort column has long ties in real data walk an index that carries the id breaking them (migration 0033):
// a yearly billing run writes every allotment's dues at one instant and one due date, a sweep moves thousands of cases
// at one instant, a day's payments share their date. With the column alone the planner reads the whole tie and sorts
// it by id (an Incremental Sort); a late list walks its milestones in the register's order (migration 0032). The
// statements the lists really send are planned with sequential scans discouraged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allotmentListQuerySchema,
  applicationListQuerySchema,
  invoiceListQuerySchema,
  paymentListQuerySchema,
} from '@portal/contract';
import type { Database } from '../db/client';
import { businessTodayIso } from '../core/dates';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { planOf, SORTS_ITSELF, statementsOf } from '../test/plans';
import { searchAllotments } from './allotments';
import { searchApplications } from './applications';
import { searchInvoices } from './invoices';
import { searchPayments } from '../modules/money/repositories/payments';

describe(`list sorts read an index in their order, ties included (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const today = businessTodayIso();

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const pages: [string, string, (db: Database) => Promise<unknown>][] = [
    [
      "finance's invoices, newest first",
      'invoices_generated_idx',
      (db) => searchInvoices(db, { today, query: invoiceListQuerySchema.parse({}) }),
    ],
    [
      'invoices by due date',
      'invoices_due_idx',
      (db) => searchInvoices(db, { today, query: invoiceListQuerySchema.parse({ sort: 'due_date' }) }),
    ],
    [
      'payments by date',
      'payments_date_idx',
      (db) => searchPayments(db, { query: paymentListQuerySchema.parse({ sort: '-payment_date' }) }),
    ],
    [
      'applications by last change',
      'applications_updated_idx',
      (db) =>
        searchApplications(db, {
          excludeDrafts: true,
          today,
          query: applicationListQuerySchema.parse({ sort: '-updated_at' }),
        }),
    ],
    [
      'allotments late to start production',
      'allotment_milestones_open_created_idx',
      (db) => searchAllotments(db, { today, query: allotmentListQuerySchema.parse({ late: 'start_production' }) }),
    ],
  ];

  it.each(pages)('%s: the page reads %s without sorting', async (_name, index, call) => {
    const [page] = await statementsOf(ctx, call);
    const plan = await planOf(ctx, page!);
    expect(plan, plan).toContain(index);
    expect(plan, plan).not.toMatch(SORTS_ITSELF);
  });
});
