/** Money follows the case (decision 023): every way the contract's lifecycle ends an application before allotment
 * (rejected by a person at any stage, rejected by a rule such as a scheme's close, withdrawn by its applicant) is
 * read from the table, fired through the real case engine on a real database, and must cancel every unpaid fee and
 * deposit with the ledger entry that reverses it, so that nothing is left owed. A new ending path added to the table
 * is tried here without a change to this test. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_EVENT_NAMES,
  APPLICATION_EVENTS,
  CANCELLED_WHEN_CLOSED_INVOICE_TYPES,
  ENDED_BEFORE_ALLOTMENT_STATUSES,
  ROLES,
  mayFire,
  type ApplicationEventName,
  type ApplicationStatus,
  type Role,
} from '@portal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { invoices, ledgerEntries } from '../../../db/schema';
import { DEMO_USERS } from '../../../demo/seed';
import { lockApplication } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { insertInvoice } from '../../../repositories/invoices';
import { findUserByEmail } from '../../../repositories/users';
import type { CurrentUser } from '../../../plugins/auth';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import { fire, type TransitionActor } from '../../applications/rules/transition';

/** Every (event, from) pair of the lifecycle that ends an application before allotment. */
const ENDINGS = APPLICATION_EVENT_NAMES.filter((name) =>
  APPLICATION_EVENTS[name].to.some((to) => (ENDED_BEFORE_ALLOTMENT_STATUSES as readonly string[]).includes(to)),
).flatMap((name) => APPLICATION_EVENTS[name].from.map((from) => ({ name, from })));

const dueIn30 = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe(`every ending of an application cancels what it still owes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const users = new Map<Role, CurrentUser>();

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ROLES) {
      const email = DEMO_USERS.find((user) => user.role === role)!.email;
      const user = (await findUserByEmail(ctx.db, email))!;
      users.set(role, { id: user.id, role, email, fullName: user.fullName });
    }
  });
  afterAll(() => ctx.close());

  /** Who ends it: the portal for its own rules, the owner for a withdrawal, else the committee at its own stage
   * (a committee's rejection) and the first other role the table lets fire it. */
  function actorFor(name: ApplicationEventName, from: ApplicationStatus): TransitionActor {
    const by = APPLICATION_EVENTS[name].by;
    if (by.kind === 'system') return 'system';
    if (by.kind === 'owner') return { user: users.get('entrepreneur')!, isOwner: true };
    const role =
      from === 'pending_committee' && mayFire(name, 'committee', false)
        ? 'committee'
        : ROLES.find((candidate) => candidate !== 'entrepreneur' && mayFire(name, candidate, false))!;
    return { user: users.get(role)!, isOwner: false };
  }

  it('knows the ways an application ends: rejected by a person and by a scheme, and withdrawn', () => {
    expect(new Set(ENDINGS.map((ending) => ending.name))).toEqual(
      new Set(['reject', 'withdraw', 'scheme_not_allotted']),
    );
  });

  for (const { name, from } of ENDINGS) {
    it(`${name} from ${from}: every unpaid fee and deposit is cancelled and reversed in the ledger`, async () => {
      const application = await insertTestApplication(ctx, from);
      const raised = [];
      for (const [invoiceType, amount] of [
        ['processing_fee', 11_800],
        ['emd', 200_000],
        ['participation_fee', 5_900],
        ['premium_instalment', 476_800],
      ] as const) {
        raised.push(
          (await insertInvoice(ctx.db, {
            applicationId: application.id,
            invoiceType,
            amount,
            dueDate: dueIn30(),
            invoiceNumber: await nextNumber(ctx.db, 'invoice'),
          }))!,
        );
      }
      expect(raised.map((invoice) => invoice.invoiceType).sort()).toEqual(
        [...CANCELLED_WHEN_CLOSED_INVOICE_TYPES].sort(),
      );

      const moved = await ctx.db.transaction(async (tx) =>
        fire(tx, (await lockApplication(tx, application.id))!, { event: name, by: actorFor(name, from) }),
      );
      expect(ENDED_BEFORE_ALLOTMENT_STATUSES).toContain(moved.application.status);

      for (const invoice of raised) {
        const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
        expect(row, invoice.invoiceType).toMatchObject({ status: 'cancelled', cancellationReason: null });
        expect(row!.cancellationRule).toMatch(/^application_(rejected|withdrawn)$|^winner_defaulted$/);
        const entries = await ctx.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.invoiceId, invoice.id))
          .orderBy(asc(ledgerEntries.id));
        expect(entries.map((entry) => [entry.entryType, entry.debit, entry.credit])).toEqual([
          ['invoice', invoice.amount, 0],
          ['cancellation', 0, invoice.amount],
        ]);
      }
      const [balance] = await ctx.db
        .select({ owed: sql<string>`coalesce(sum(${ledgerEntries.debit} - ${ledgerEntries.credit}), 0)::text` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.applicationId, application.id));
      expect(Number(balance!.owed)).toBe(0);
    });
  }
});
