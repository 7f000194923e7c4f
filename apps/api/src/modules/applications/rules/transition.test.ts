/** The lifecycle table, exercised cell by cell: every event x every status x every kind of actor fires through the
 * real `transition` on a real database (each attempt rolled back), and the outcome must be the one written out by
 * hand below (where the event starts, who fires it). Then each guard is shown to refuse with a detail that names
 * what is missing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_EVENT_NAMES,
  APPLICATION_EVENTS,
  APPLICATION_STATUSES,
  REQUIRED_DOCUMENT_TYPES,
  ROLES,
  type ApplicationEventName,
  type ApplicationStatus,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import { allotments, applicationQueries, applications, leaseDeeds } from '../../../db/schema';
import { DEMO_USERS } from '../../../demo/seed';
import { lockApplication, type ApplicationRow } from '../../../repositories/applications';
import { nextNumber } from '../../../repositories/counters';
import { findUserByEmail } from '../../../repositories/users';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestInvoices } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';
import type { CurrentUser } from '../../../plugins/auth';
import { HttpError } from '../../../core/http-error';
import { transition, type TransitionActor } from './transition';

type Outcome = 'moved' | 'wrong_state' | 'forbidden' | 'guard' | 'not_system';
type ActorCase = { label: string; by: TransitionActor };

const ROLLBACK = new Error('rollback');

/** Update Status (spec 4 and 6): zonal_manager, ho, committee and admin. */
const UPDATE_STATUS = ['zonal_manager', 'ho', 'committee', 'admin'];

/** Where each event may start and who may fire it, written out by hand from the spec (section 4's tables and Other
 * transitions, section 6's roles) and product decisions 5, not read from the table under test. 'entrepreneur' is
 * the owner (another entrepreneur fires nothing), 'system' the portal itself. */
const WHO_FIRES: Record<ApplicationEventName, { from: ApplicationStatus[]; by: string[] }> = {
  submit: { from: ['draft'], by: ['entrepreneur'] },
  start_scrutiny: { from: ['submitted'], by: UPDATE_STATUS },
  refer_to_committee: { from: ['under_scrutiny'], by: UPDATE_STATUS },
  approve: { from: ['pending_committee'], by: UPDATE_STATUS },
  reject: { from: ['submitted', 'under_scrutiny', 'pending_committee'], by: UPDATE_STATUS },
  return_to_scrutiny: { from: ['pending_committee'], by: UPDATE_STATUS },
  // The applicant withdraws after submission and before allotment (product decisions section 10).
  withdraw: {
    from: ['submitted', 'under_scrutiny', 'pending_committee', 'approved', 'pending_payment', 'payment_verified'],
    by: ['entrepreneur'],
  },
  // Deferred or conditional approval keeps pending_committee: the committee decision's roles.
  record_committee_note: { from: ['pending_committee'], by: ['committee', 'ho', 'admin'] },
  request_payment: { from: ['approved'], by: UPDATE_STATUS },
  verify_payment: { from: ['pending_payment'], by: ['system'] },
  allot: { from: ['approved', 'payment_verified'], by: ['committee', 'ho', 'admin'] },
  submit_lease_deed: { from: ['provisional_allotment', 'final_allotment'], by: ['entrepreneur'] },
  approve_lease_deed: { from: ['lease_submitted'], by: ['zonal_manager', 'ho', 'admin'] },
  return_lease_deed: { from: ['lease_submitted'], by: ['zonal_manager', 'ho', 'admin'] },
  record_possession: { from: ['final_allotment'], by: ['zonal_manager', 'ho', 'admin'] },
  // Competitive allotment (product decisions section 12): the scheme's result moves its applications, by the portal.
  scheme_won: { from: ['approved'], by: ['system'] },
  scheme_not_allotted: {
    from: ['submitted', 'under_scrutiny', 'pending_committee', 'approved', 'pending_payment'],
    by: ['system'],
  },
  scheme_allot: { from: ['payment_verified'], by: ['system'] },
  // An appeal allowed on a rejection (product decisions section 11): the appellate officer, head office only.
  appeal_allowed: { from: ['rejected'], by: ['ho'] },
  start_implementation: { from: ['possession_given'], by: UPDATE_STATUS },
  complete: { from: ['possession_given', 'under_implementation'], by: UPDATE_STATUS },
};

describe(`the lifecycle table on the server (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const byStatus = new Map<ApplicationStatus, ApplicationRow>();
  const actors: ActorCase[] = [{ label: 'system', by: 'system' }];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const status of APPLICATION_STATUSES) {
      const row = await insertTestApplication(ctx, status);
      byStatus.set(status, row);
    }
    // Possession needs an approved lease deed on an active allotment.
    const final = byStatus.get('final_allotment')!;
    const [allotment] = await ctx.db
      .insert(allotments)
      .values({
        allotmentNumber: await nextNumber(ctx.db, 'allotment'),
        applicationId: final.id,
        assetId: final.assetId,
        allotmentType: 'final',
        allotmentDate: '2026-11-02',
      })
      .returning();
    await ctx.db.insert(leaseDeeds).values({
      allotmentId: allotment!.id,
      fileName: 'deed.pdf',
      storageKey: 'fixture-deed',
      fileSize: 10,
      verificationStatus: 'approved',
    });
    for (const role of ROLES) {
      const email = DEMO_USERS.find((user) => user.role === role)!.email;
      const user = (await findUserByEmail(ctx.db, email))!;
      const current: CurrentUser = { id: user.id, role, email, fullName: user.fullName };
      actors.push({ label: role, by: { user: current, isOwner: role === 'entrepreneur' } });
      if (role === 'entrepreneur')
        actors.push({ label: 'another entrepreneur', by: { user: current, isOwner: false } });
    }
  });
  afterAll(() => ctx.close());

  function expected(name: ApplicationEventName, from: ApplicationStatus, actor: ActorCase): Outcome {
    const event = WHO_FIRES[name];
    if (!event.from.includes(from)) return 'wrong_state';
    if (actor.by === 'system') return event.by.includes('system') ? 'moved' : 'not_system';
    return event.by.includes(actor.label) ? 'moved' : 'forbidden';
  }

  it('knows every event of the table', () => {
    expect(Object.keys(WHO_FIRES).sort()).toEqual([...APPLICATION_EVENT_NAMES].sort());
  });

  async function attempt(name: ApplicationEventName, from: ApplicationStatus, actor: ActorCase): Promise<Outcome> {
    let outcome: Outcome = 'moved';
    await ctx.db
      .transaction(async (tx) => {
        const row = (await lockApplication(tx, byStatus.get(from)!.id))!;
        try {
          const moved = await transition(tx, row, { event: name, by: actor.by });
          expect(APPLICATION_EVENTS[name].to as readonly string[]).toContain(moved.status);
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 403) outcome = 'forbidden';
          else if (error instanceof HttpError && error.statusCode === 409) {
            outcome = error.refusal?.reason === 'transition_not_allowed' ? 'wrong_state' : 'guard';
            // A refused move names both statuses, in words for English readers and as codes for the others.
            if (outcome === 'wrong_state') {
              expect(error.code).toBe('wrong_state');
              expect(error.detail).toMatch(/^An application in status /);
              expect(error.refusal?.params).toEqual({ from, to: APPLICATION_EVENTS[name].to[0] });
            }
          } else if (error instanceof Error && error.message.includes('not fired by the portal'))
            outcome = 'not_system';
          else throw error;
        }
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
    return outcome;
  }

  for (const name of APPLICATION_EVENT_NAMES) {
    it(`${name}: every status x every actor answers as the table says`, async () => {
      const mismatches: string[] = [];
      for (const from of APPLICATION_STATUSES) {
        for (const actor of actors) {
          const want = expected(name, from, actor);
          const got = await attempt(name, from, actor);
          if (got !== want) mismatches.push(`${from} by ${actor.label}: expected ${want}, got ${got}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('every move writes the new status, a fresh clock and one timeline entry', async () => {
    const row = await insertTestApplication(ctx, 'under_scrutiny');
    const zonal = actors.find((actor) => actor.label === 'zonal_manager')!;
    const moved = await ctx.db.transaction(async (tx) =>
      transition(tx, (await lockApplication(tx, row.id))!, { event: 'refer_to_committee', by: zonal.by }),
    );
    expect(moved).toMatchObject({ status: 'pending_committee', waitingOn: 'committee', pausedWorkingDays: 0 });
    expect(moved.stageDueOn).not.toBeNull();
    expect(moved.stageEnteredAt.getTime()).toBeGreaterThanOrEqual(row.stageEnteredAt.getTime());
  });

  it('a new stage keeps the pause of an open query only if it has a clock', async () => {
    const committee = actors.find((actor) => actor.label === 'committee')!;
    const pausedAt = new Date(Date.now() - 5 * 86_400_000);
    const paused = async () => {
      const row = await insertTestApplication(ctx, 'pending_committee');
      await ctx.db
        .insert(applicationQueries)
        .values({ applicationId: row.id, message: 'Send the NOC', respondBy: '2026-12-31', raisedByName: 'ZM' });
      await ctx.db.update(applications).set({ clockPausedAt: pausedAt }).where(eq(applications.id, row.id));
      return row;
    };
    const fire = (row: ApplicationRow, event: ApplicationEventName) =>
      ctx.db.transaction(async (tx) =>
        transition(tx, (await lockApplication(tx, row.id))!, { event, by: committee.by }),
      );
    const returned = await fire(await paused(), 'return_to_scrutiny');
    expect(returned.clockPausedAt!.getTime()).toBeGreaterThan(pausedAt.getTime());
    const rejected = await fire(await paused(), 'reject');
    expect(rejected).toMatchObject({ status: 'rejected', clockPausedAt: null, waitingOn: null, stageDueOn: null });
  });

  describe('guards refuse with a detail and a reason naming what is missing', () => {
    const zonal = () => actors.find((actor) => actor.label === 'zonal_manager')!.by;
    const fire = (row: ApplicationRow, event: ApplicationEventName, by: TransitionActor) =>
      ctx.db.transaction(async (tx) => transition(tx, (await lockApplication(tx, row.id))!, { event, by }));

    it('required documents: missing and pending are named', async () => {
      const missing = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'none' });
      await expect(fire(missing, 'refer_to_committee', zonal())).rejects.toMatchObject({
        statusCode: 409,
        detail: expect.stringMatching(/DPR \(missing\).*PAN card \(missing\).*Bank account proof \(missing\)/),
        code: 'wrong_state',
        refusal: { reason: 'documents_not_verified', params: { documents: [...REQUIRED_DOCUMENT_TYPES] } },
      });
      const pending = await insertTestApplication(ctx, 'pending_committee', { documents: 'pending' });
      await expect(fire(pending, 'approve', zonal())).rejects.toMatchObject({
        statusCode: 409,
        detail: expect.stringContaining('DPR (pending)'),
        refusal: { reason: 'documents_not_verified', params: { documents: expect.arrayContaining(['dpr']) } },
      });
    });

    it('an open query holds the case', async () => {
      const row = await insertTestApplication(ctx, 'under_scrutiny');
      await ctx.db
        .insert(applicationQueries)
        .values({ applicationId: row.id, message: 'Send the site plan', respondBy: '2026-12-31', raisedByName: 'ZM' });
      await expect(fire(row, 'refer_to_committee', zonal())).rejects.toMatchObject({
        statusCode: 409,
        detail: "A query is waiting for the applicant's answer",
        refusal: { reason: 'query_open', params: {} },
      });
    });

    it('payment is verified only when every invoice of the application is paid', async () => {
      const row = await insertTestApplication(ctx, 'pending_payment');
      await insertTestInvoices(ctx, row.id);
      await expect(fire(row, 'verify_payment', 'system')).rejects.toMatchObject({
        statusCode: 409,
        detail: 'Some invoices are not paid yet',
        refusal: { reason: 'invoices_unpaid', params: {} },
      });
    });

    it('possession needs an approved lease deed', async () => {
      const row = await insertTestApplication(ctx, 'final_allotment');
      await expect(fire(row, 'record_possession', zonal())).rejects.toMatchObject({
        statusCode: 409,
        detail: 'Possession can be recorded only after the lease deed is approved',
        refusal: { reason: 'lease_deed_not_approved', params: {} },
      });
    });
  });
});
