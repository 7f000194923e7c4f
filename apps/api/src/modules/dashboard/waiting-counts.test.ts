/** One count, one meaning: on the same data, every officer's dashboard figure "Waiting on you" is their inbox's
 * total (GET /applications?inbox=true), and both follow the contract's one map of whose move each status awaits
 * (STATUSES_WAITING_ON): the committee's cases at pending committee wait on the committee, a query puts a case on
 * the applicant, and a status nobody waits on counts for no one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OFFICER_ROLES, STATUSES_WAITING_ON, type ApplicationStatus, type Role } from '@portal/contract';
import { applications } from '../../db/schema';
import { refreshWaitingOn } from '../../case/waiting-on';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../test/harness';
import { insertTestApplication } from '../../test/workflow-fixtures';

/** The cases made here: one or more per status, two at pending committee, one of them paused on a query. */
const MADE: ApplicationStatus[] = [
  'submitted',
  'under_scrutiny',
  'pending_committee',
  'pending_committee',
  'approved',
  'payment_verified',
  'lease_submitted',
  'rejected',
  'withdrawn',
  'completed',
];

describe(`the dashboard's "Waiting on you" is the inbox's count, per role (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const status of MADE) {
      const row = await insertTestApplication(ctx, status);
      // Whom it waits on, stored as the engine stores it after every move.
      await refreshWaitingOn(ctx.db, row);
    }
    // A pending committee case whose query waits on the applicant: the committee's clock is paused.
    const queried = await insertTestApplication(ctx, 'pending_committee');
    await ctx.db
      .update(applications)
      .set({ waitingOn: 'entrepreneur', clockPausedAt: new Date() })
      .where(eq(applications.id, queried.id));
    for (const role of [...OFFICER_ROLES, 'finance'] as const) tokens.set(role, await ctx.tokenFor(role));
  });
  afterAll(() => ctx.close());

  const figuresOf = async (role: Role) => {
    const stats = await ctx.request(tokens.get(role)!, { method: 'GET', url: '/api/dashboard/stats' });
    expect(stats.statusCode, stats.body).toBe(200);
    const inbox = await ctx.request(tokens.get(role)!, { method: 'GET', url: '/api/applications?inbox=true&limit=1' });
    expect(inbox.statusCode, inbox.body).toBe(200);
    return {
      dashboard: stats.json().waiting_on_me as number,
      capped: stats.json().waiting_on_me_capped as boolean,
      inbox: Number(inbox.headers['x-total-count']),
    };
  };

  for (const role of ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'] as const) {
    it(`${role}: the figure equals the inbox's total, and counts what the contract's map says waits on ${role}`, async () => {
      const figures = await figuresOf(role);
      expect(figures.dashboard).toBe(figures.inbox);
      expect(figures.capped).toBe(false);
      // What the map says waits on the role, counted straight from the stored rows (the clock not paused).
      const rows = await ctx.db
        .select({ status: applications.status, waitingOn: applications.waitingOn, paused: applications.clockPausedAt })
        .from(applications);
      const roles = role === 'admin' ? OFFICER_ROLES.filter((officer) => officer !== 'admin') : [role];
      const expected = rows.filter(
        (row) =>
          row.status !== 'draft' &&
          row.paused === null &&
          roles.some((r) => STATUSES_WAITING_ON[r].includes(row.status) && row.waitingOn === r),
      ).length;
      expect(figures.dashboard).toBe(expected);
      if (role === 'committee') expect(figures.dashboard).toBeGreaterThanOrEqual(2);
      if (role === 'legal' || role === 'finance') expect(figures.dashboard).toBe(0);
    });
  }
});
