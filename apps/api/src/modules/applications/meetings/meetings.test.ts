import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { can, COMMITTEE_TYPES, ROLES, type Meeting, type Role } from '@portal/contract';
import { meetings } from '../../../db/schema';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { expectLimitRefused, getList } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

const MANAGERS = ROLES.filter((role) => can(role, 'manage:meetings'));
const OTHERS = ROLES.filter((role) => !can(role, 'manage:meetings'));

describe(`meetings (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ROLES) tokens[role] = await ctx.tokenFor(role);
  });
  afterAll(() => ctx.close());

  const create = (role: Role, body: Record<string, unknown>) =>
    ctx.request(tokens[role], { method: 'POST', url: '/api/meetings', payload: body });
  const list = (role: Role) => ctx.request(tokens[role], { method: 'GET', url: '/api/meetings' });

  it.each(MANAGERS)(
    '%s creates a meeting that is kept on the server, numbered, with its applications',
    async (role) => {
      const application = await insertTestApplication(ctx, 'pending_committee');
      const response = await create(role, {
        meeting_date: '2026-07-15',
        committee_type: 'slac',
        agenda: 'Land allotments, July',
        applications: [application.id],
      });
      expect(response.statusCode, response.body).toBe(201);
      const meeting = response.json();
      expect(meeting).toMatchObject({
        meeting_date: '2026-07-15',
        committee_type: 'slac',
        agenda: 'Land allotments, July',
        applications: [application.id],
      });
      expect(meeting.meeting_number).toMatch(/^MTG-\d{4}-\d{4}$/);
      const listed = (await list(role)).json() as { id: string }[];
      expect(listed.map((item) => item.id)).toContain(meeting.id);
      const [event] = await listEventsForApplication(ctx.db, application.id);
      expect(event).toMatchObject({
        action: 'Placed on meeting agenda',
        details: `SLAC meeting ${meeting.meeting_number} on 15 Jul 2026`,
        user_role: role,
        entity_type: 'meeting',
      });
    },
  );

  it.each(OTHERS)('%s may neither list nor create meetings (403)', async (role) => {
    expect((await list(role)).statusCode).toBe(403);
    expect((await create(role, { meeting_date: '2026-07-15', agenda: 'x' })).statusCode).toBe(403);
  });

  it('defaults the committee type to slsc, lists newest first, and gives unique numbers to racing creations', async () => {
    const responses = await Promise.all(
      COMMITTEE_TYPES.map((committee_type, index) =>
        create('ho', { meeting_date: `2027-01-0${index + 1}`, committee_type, agenda: `Agenda ${index}` }),
      ),
    );
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    const numbers = responses.map((response) => response.json().meeting_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const plain = await create('admin', { meeting_date: '2027-02-01', agenda: 'Plain' });
    expect(plain.json()).toMatchObject({ committee_type: 'slsc', applications: [] });
    const dates = ((await list('committee')).json() as { meeting_date: string }[]).map(
      (meeting) => meeting.meeting_date,
    );
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('requires date and agenda (422) and refuses unknown applications (400)', async () => {
    const missing = await create('committee', { committee_type: 'board', agenda: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.map((error: { path: string }) => error.path)).toEqual(
      expect.arrayContaining(['body.meeting_date', 'body.agenda']),
    );
    expect(
      (await create('committee', { meeting_date: '2026-07-15', committee_type: 'cabinet', agenda: 'x' })).statusCode,
    ).toBe(422);
    const unknown = await create('committee', {
      meeting_date: '2026-07-15',
      agenda: 'x',
      applications: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await ctx.request(null, { method: 'GET', url: '/api/meetings' })).statusCode).toBe(401);
  });
  it('pages the meetings by date, with a committee filter, a date range and q over number and agenda', async () => {
    const made: Meeting[] = [];
    for (const [meeting_date, committee_type] of [
      ['2031-01-05', 'board'],
      ['2031-02-05', 'sipc'],
      ['2031-03-05', 'sipc'],
      ['2031-04-05', 'sipc'],
    ] as const) {
      made.push(
        (await create('ho', { meeting_date, committee_type, agenda: `Pagination review ${meeting_date}` })).json(),
      );
    }
    const first = await getList<Meeting>(ctx, tokens.ho, '/api/meetings?limit=3');
    expect(first.items.map((meeting) => meeting.id)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
    const [recount] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(meetings);
    expect(first.total).toBe(recount!.n);
    const sipc = await getList<Meeting>(ctx, tokens.committee, '/api/meetings?committee_type=sipc&from=2031-01-01');
    expect(sipc.items.map((meeting) => meeting.id)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
    const range = await getList<Meeting>(ctx, tokens.ho, '/api/meetings?from=2031-02-01&to=2031-03-05');
    expect(range.items.map((meeting) => meeting.id)).toEqual([made[2]!.id, made[1]!.id]);
    const byAgenda = await getList<Meeting>(ctx, tokens.ho, '/api/meetings?q=PAGINATION%20review%202031-01');
    expect(byAgenda.items.map((meeting) => meeting.id)).toEqual([made[0]!.id]);
    const byNumber = await getList<Meeting>(ctx, tokens.ho, `/api/meetings?q=${made[2]!.meeting_number}`);
    expect(byNumber.items.map((meeting) => meeting.id)).toEqual([made[2]!.id]);
    await expectLimitRefused(ctx, tokens.ho, '/api/meetings');
  });
});
