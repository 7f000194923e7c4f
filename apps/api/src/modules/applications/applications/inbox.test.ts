// The officers' inbox on GET /applications: inbox=true (what waits on the caller's role with its clock running, or
// is assigned to them), overdue=true, waiting_on, assigned_to=me, the stage_due_on sort with its cursor, and the
// organisation, asset code and zone on every staff row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  addCalendarDays,
  businessToday,
  DEFAULT_STAGE,
  type ApplicationListItem,
  type ApplicationStatus,
  type Role,
} from '@portal/contract';
import { applicants, applications, assets } from '../../../db/schema';
import { DEMO_USERS } from '../../../demo/seed';
import { CALENDAR } from '../../../core/business-calendar';
import { findUserByEmail } from '../../../repositories/users';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { getList, walkList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

const ZONE = 'Inbox Zone';
const IN_ZONE = `zone=${encodeURIComponent(ZONE)}`;

/** One application of the test: its status and clock, set straight in the table. */
interface Case {
  status: ApplicationStatus;
  waitingOn: Role | null;
  /** Calendar days from today to the due date (negative: past), or null for no clock. */
  dueIn: number | null;
  paused?: boolean;
  assignedTo?: 'zonal_manager' | 'committee';
}

const CASES = {
  overdueScrutiny: { status: 'under_scrutiny', waitingOn: 'zonal_manager', dueIn: -5 },
  freshSubmission: { status: 'submitted', waitingOn: 'zonal_manager', dueIn: 3 },
  pausedOnQuery: { status: 'under_scrutiny', waitingOn: 'zonal_manager', dueIn: -2, paused: true },
  lateCommittee: { status: 'pending_committee', waitingOn: 'committee', dueIn: -1 },
  allotmentDue: { status: 'approved', waitingOn: 'ho', dueIn: 10 },
  unpaid: { status: 'pending_payment', waitingOn: 'entrepreneur', dueIn: -4 },
  possessionAssigned: { status: 'possession_given', waitingOn: null, dueIn: null, assignedTo: 'zonal_manager' },
  rejectedAssigned: { status: 'rejected', waitingOn: null, dueIn: null, assignedTo: 'zonal_manager' },
  deedDueToday: { status: 'lease_submitted', waitingOn: 'zonal_manager', dueIn: 0, assignedTo: 'committee' },
  draft: { status: 'draft', waitingOn: null, dueIn: null },
} satisfies Record<string, Case>;
type CaseName = keyof typeof CASES;

describe(`officers' inbox on GET /api/applications (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = {} as Record<Role, string>;
  const userIds = {} as Record<Role, string>;
  const ids = {} as Record<CaseName, string>;
  const today = businessToday(new Date(), CALENDAR);

  const nameOf = (id: string) => (Object.keys(ids) as CaseName[]).find((name) => ids[name] === id) ?? id;
  /** The test's own applications a role sees at `query`, by case name, in the order answered. */
  async function listed(role: Role, query: string): Promise<string[]> {
    const page = await getList<ApplicationListItem>(
      ctx,
      tokens[role],
      `/api/applications?limit=200&${IN_ZONE}&${query}`,
    );
    expect(page.status, query).toBe(200);
    return page.items.map((item) => nameOf(item.id));
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'finance', 'admin'] as const) {
      const email = DEMO_USERS.find((user) => user.role === role)!.email;
      tokens[role] = await ctx.tokenFor(role);
      userIds[role] = (await findUserByEmail(ctx.db, email))!.id;
    }
    for (const [name, setup] of Object.entries(CASES) as [CaseName, Case][]) {
      const row = await insertTestApplication(ctx, setup.status);
      ids[name] = row.id;
      await ctx.db.update(assets).set({ zone: ZONE }).where(eq(assets.id, row.assetId));
      await ctx.db
        .update(applications)
        .set({
          currentStage: DEFAULT_STAGE[setup.status],
          waitingOn: setup.waitingOn,
          stageEnteredAt: new Date(Date.now() - 20 * 86_400_000),
          stageDueOn: setup.dueIn === null ? null : addCalendarDays(today, setup.dueIn),
          clockPausedAt: setup.paused ? new Date(Date.now() - 86_400_000) : null,
          assignedTo: setup.assignedTo ? userIds[setup.assignedTo] : null,
        })
        .where(eq(applications.id, row.id));
    }
  });
  afterAll(() => ctx.close());

  it("answers a zonal manager's inbox oldest due first: their role's running clocks, then what is assigned to them", async () => {
    expect(await listed('zonal_manager', 'inbox=true&sort=stage_due_on')).toEqual([
      'overdueScrutiny',
      'deedDueToday',
      'freshSubmission',
      // Assigned, without a clock: after every due date. The rejected one assigned to them is closed, so not here.
      'possessionAssigned',
    ]);
    const page = await getList(ctx, tokens.zonal_manager, `/api/applications?inbox=true&${IN_ZONE}`);
    expect(page.total).toBe(4);
  });

  it("gives the committee, head office and the administrator each their own inbox; finance's is empty", async () => {
    expect(await listed('committee', 'inbox=true&sort=stage_due_on')).toEqual(['lateCommittee', 'deedDueToday']);
    expect(await listed('ho', 'inbox=true&sort=stage_due_on')).toEqual(['allotmentDue']);
    // Everything waiting on an officer, never the applicant's steps or a paused clock.
    expect(await listed('admin', 'inbox=true&sort=stage_due_on')).toEqual([
      'overdueScrutiny',
      'lateCommittee',
      'deedDueToday',
      'freshSubmission',
      'allotmentDue',
    ]);
    expect(await listed('finance', 'inbox=true')).toEqual([]);
  });

  it("gives an entrepreneur's inbox as their own steps: what waits on the applicant, a paused clock included", async () => {
    expect((await listed('entrepreneur', 'inbox=true&sort=stage_due_on')).sort()).toEqual(['pausedOnQuery', 'unpaid']);
    const all = await getList<ApplicationListItem>(ctx, tokens.entrepreneur, `/api/applications?inbox=true&limit=200`);
    expect(all.items.every((item) => item.waiting_on === 'entrepreneur')).toBe(true);
  });

  it('combines the inbox with the status filter', async () => {
    expect(await listed('zonal_manager', 'inbox=true&status=submitted,lease_submitted&sort=stage_due_on')).toEqual([
      'deedDueToday',
      'freshSubmission',
    ]);
  });

  it('filters overdue=true to clocks running past their due date (business today), whoever they wait on', async () => {
    expect(await listed('ho', 'overdue=true&sort=stage_due_on')).toEqual([
      'overdueScrutiny',
      'unpaid',
      'lateCommittee',
    ]);
    expect(await listed('zonal_manager', 'inbox=true&overdue=true')).toEqual(['overdueScrutiny']);
  });

  it('filters waiting_on by role, the applicant including a paused clock; assigned_to=me keeps closed ones', async () => {
    expect((await listed('ho', 'waiting_on=entrepreneur')).sort()).toEqual(['pausedOnQuery', 'unpaid']);
    expect((await listed('ho', 'waiting_on=zonal_manager')).sort()).toEqual([
      'deedDueToday',
      'freshSubmission',
      'overdueScrutiny',
    ]);
    expect((await listed('ho', 'waiting_on=committee,ho')).sort()).toEqual(['allotmentDue', 'lateCommittee']);
    expect((await listed('zonal_manager', 'assigned_to=me')).sort()).toEqual([
      'possessionAssigned',
      'rejectedAssigned',
    ]);
  });

  it('gives every staff row its organisation, asset code and zone, and its clock; an entrepreneur’s own rows too, to tell them apart', async () => {
    const page = await getList<ApplicationListItem>(
      ctx,
      tokens.zonal_manager,
      `/api/applications?inbox=true&${IN_ZONE}&sort=stage_due_on`,
    );
    const [first] = page.items;
    const [expected] = await ctx.db
      .select({ organization: applicants.organizationName, code: assets.assetCode })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(assets, eq(assets.id, applications.assetId))
      .where(eq(applications.id, ids.overdueScrutiny));
    expect(first).toMatchObject({
      id: ids.overdueScrutiny,
      organization_name: expected!.organization,
      asset_code: expected!.code,
      zone: ZONE,
      waiting_on: 'zonal_manager',
      stage_due_on: addCalendarDays(today, -5),
      overdue: true,
      clock_paused: false,
    });
    expect(first!.days_in_stage).toBeGreaterThan(0);

    const own = await getList<Record<string, unknown>>(
      ctx,
      tokens.entrepreneur,
      `/api/applications?${IN_ZONE}&limit=200`,
    );
    const paused = own.items.find((item) => item.id === ids.pausedOnQuery)!;
    expect(paused).toMatchObject({ waiting_on: 'entrepreneur', clock_paused: true, overdue: false });
    const [asset] = await ctx.db
      .select({ code: assets.assetCode, zone: assets.zone })
      .from(applications)
      .innerJoin(assets, eq(assets.id, applications.assetId))
      .where(eq(applications.id, ids.pausedOnQuery));
    expect(paused).toMatchObject({ asset_code: asset!.code, zone: asset!.zone });
  });

  it('walks the stage_due_on order by cursor in both directions, rows without a due date included', async () => {
    const order = await listed('admin', 'sort=stage_due_on');
    const walked = await walkList<ApplicationListItem>(
      ctx,
      tokens.admin,
      `/api/applications?limit=2&${IN_ZONE}&sort=stage_due_on`,
    );
    expect(walked.map((item) => nameOf(item.id))).toEqual(order);
    expect(order.slice(0, 6)).toEqual([
      'overdueScrutiny',
      'unpaid',
      'pausedOnQuery',
      'lateCommittee',
      'deedDueToday',
      'freshSubmission',
    ]);
    expect(order.slice(-2).sort()).toEqual(['possessionAssigned', 'rejectedAssigned']);
    const backwards = await walkList<ApplicationListItem>(
      ctx,
      tokens.admin,
      `/api/applications?limit=3&${IN_ZONE}&sort=-stage_due_on`,
    );
    expect(backwards.map((item) => nameOf(item.id))).toEqual([...order].reverse());
  });

  it('answers 422 with a readable detail for a malformed switch or role', async () => {
    for (const [query, detail] of [
      ['inbox=yes', /inbox=true/],
      ['overdue=1', /overdue=true/],
      ['waiting_on=boss', /waiting_on/],
    ] as const) {
      const response = await ctx.request(tokens.ho, { method: 'GET', url: `/api/applications?${query}` });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().detail, query).toMatch(detail);
    }
  });

  it('leaves drafts out of every staff list, the inbox included', async () => {
    expect(await listed('admin', 'sort=stage_due_on')).not.toContain('draft');
  });
});
