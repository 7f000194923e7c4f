import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addWorkingDays,
  businessDay,
  businessToday,
  GRIEVANCE_CATEGORIES,
  type Grievance,
  type GrievanceFigures,
  workingDaysBetween,
} from '@portal/contract';
import { allotments, grievances, mailOutbox, notifications } from '../../../db/schema';
import { clock } from '../../../core/clock';
import { deadlineSweep } from '../../deadlines/rules/escalation';
import { createTestContext, multipart, SAMPLE_FILES, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { entrepreneurWithProfile, getList, insertTestInvoices } from '../../../test/list-fixtures';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`grievances that escalate (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  let owner: string;
  let zonal: string;
  let finance: string;
  let committee: string;
  let admin: string;
  const text = 'The road to my plot has been broken for two months and trucks cannot reach the gate.';

  beforeAll(async () => {
    ctx = await createTestContext({ clockMovable: true });
    owner = await ctx.tokenFor('entrepreneur');
    zonal = await ctx.tokenFor('zonal_manager');
    finance = await ctx.tokenFor('finance');
    committee = await ctx.tokenFor('committee');
    admin = await ctx.tokenFor('admin');
  });
  afterAll(() => ctx.close());

  const raise = (token: string, body: object) =>
    ctx.request(token, { method: 'POST', url: '/api/grievances', payload: body });
  const act = (token: string, id: string, body: object) =>
    ctx.request(token, { method: 'POST', url: `/api/grievances/${id}/actions`, payload: body });
  const read = (token: string, id: string) => ctx.request(token, { method: 'GET', url: `/api/grievances/${id}` });

  async function raised(token: string, body: object): Promise<Grievance> {
    const response = await raise(token, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Grievance;
  }

  async function acted(token: string, id: string, body: object): Promise<Grievance> {
    const response = await act(token, id, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Grievance;
  }

  const told = (grievance: Grievance, code: string) =>
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.code, code as never), eq(notifications.link, `/grievances/${grievance.id}`)));

  it('lives its whole life: raised, routed, replied, asked, answered, resolved, rated once, reopened once', async () => {
    const application = await insertTestApplication(ctx, 'under_scrutiny');
    const grievance = await raised(owner, { category: 'park_infrastructure', text, application_id: application.id });
    expect(grievance.grievance_number).toMatch(/^GRV-\d{4}-\d{6}$/);
    expect(grievance).toMatchObject({
      status: 'open',
      subject: 'application',
      subject_number: application.applicationNumber,
      zone: 'Test Zone',
      routed_to: 'zonal_manager',
      due_on: addWorkingDays(businessToday(), GRIEVANCE_CATEGORIES.park_infrastructure.workingDays),
      actions: [],
    });
    expect(grievance.entries.map((entry) => entry.kind)).toEqual(['raised']);
    expect(await told(grievance, 'grievance_received')).toHaveLength(1);
    expect((await told(grievance, 'grievance_assigned')).length).toBeGreaterThan(0);
    // The mail goes out through the outbox in the reader's language, as every notification's does.
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'grievance_received'));
    expect(mails.length).toBeGreaterThan(0);

    // A file, then the officer's inbox finds it by status, category, number and not by overdue.
    const upload = multipart({}, { name: 'road.pdf', bytes: SAMPLE_FILES.pdf() });
    const attached = await ctx.request(owner, {
      method: 'POST',
      url: `/api/grievances/${grievance.id}/attachments`,
      ...upload,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const file = (attached.json() as Grievance).attachments[0]!;
    const download = await ctx.request(zonal, {
      method: 'GET',
      url: `/api/grievances/${grievance.id}/attachments/${file.id}/file`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const inbox = await getList<Grievance>(
      ctx,
      zonal,
      `/api/grievances/inbox?status=open&category=park_infrastructure&q=${grievance.grievance_number}`,
    );
    expect(inbox.items.map((item) => item.id)).toEqual([grievance.id]);
    expect(inbox.total).toBe(1);
    const overdue = await getList<Grievance>(
      ctx,
      zonal,
      `/api/grievances/inbox?overdue=true&q=${grievance.grievance_number}`,
    );
    expect(overdue.items).toEqual([]);
    // The complainant is not an officer: no inbox.
    expect((await ctx.request(owner, { method: 'GET', url: '/api/grievances/inbox' })).statusCode).toBe(403);

    const seen = (await read(zonal, grievance.id)).json() as Grievance;
    expect(seen.actions).toEqual(['reply', 'ask_detail', 'resolve']);
    await acted(zonal, grievance.id, { action: 'reply', message: 'The roads team visits on Monday.' });
    expect(await told(grievance, 'grievance_replied')).toHaveLength(1);

    const asked = await acted(zonal, grievance.id, { action: 'ask_detail', message: 'Which gate, and a photo?' });
    expect(asked.status).toBe('detail_asked');
    expect(await told(grievance, 'grievance_detail_asked')).toHaveLength(1);
    // The officer cannot answer for the complainant, nor the complainant resolve.
    expect((await act(zonal, grievance.id, { action: 'answer', message: 'x'.repeat(10) })).statusCode).toBe(403);
    const answered = await acted(owner, grievance.id, { action: 'answer', message: 'The north gate, photo attached.' });
    expect(answered.status).toBe('open');
    expect((await act(owner, grievance.id, { action: 'resolve', message: 'Done by me' })).statusCode).toBe(403);

    const resolved = await acted(zonal, grievance.id, { action: 'resolve', message: 'The road is repaired.' });
    expect(resolved).toMatchObject({ status: 'resolved' });
    expect(await told(grievance, 'grievance_resolved')).toHaveLength(1);
    const mine = (await read(owner, grievance.id)).json() as Grievance;
    expect(mine.actions).toEqual(['reopen', 'rate']);
    expect(mine.reopen_until).not.toBeNull();

    // Rated once; a second rating, or a rating out of range, is refused.
    expect((await act(owner, grievance.id, { action: 'rate', rating: 6 })).statusCode).toBe(422);
    const rated = await acted(owner, grievance.id, { action: 'rate', rating: 4 });
    expect(rated.rating).toBe(4);
    const again = await act(owner, grievance.id, { action: 'rate', rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('grievance_rated');

    // Reopened once; resolved again; a second reopening is refused.
    const reopened = await acted(owner, grievance.id, { action: 'reopen', message: 'The road broke again.' });
    expect(reopened).toMatchObject({ status: 'open', reopened: true });
    await acted(zonal, grievance.id, { action: 'resolve', message: 'Relaid properly this time.' });
    const twice = await act(owner, grievance.id, { action: 'reopen', message: 'Still broken.' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('grievance_reopened_before');

    const story = ((await read(owner, grievance.id)).json() as Grievance).entries.map((entry) => entry.kind);
    expect(story).toEqual([
      'raised',
      'attachment',
      'reply',
      'ask_detail',
      'answer',
      'resolve',
      'rate',
      'reopen',
      'resolve',
    ]);
    // Mine, a page at a time.
    const list = await getList<Grievance>(ctx, owner, '/api/grievances?status=resolved');
    expect(list.items.map((item) => item.id)).toContain(grievance.id);
  });

  it("answers 404 for a grievance about someone else's case, and for someone else's grievance", async () => {
    const stranger = await entrepreneurWithProfile(ctx, 'Stranger Works');
    const application = await insertTestApplication(ctx, 'submitted');
    const [invoice] = await insertTestInvoices(ctx, application.id);
    for (const about of [{ application_id: application.id }, { invoice_id: invoice!.id }]) {
      const refused = await raise(stranger.token, { category: 'billing', text, ...about });
      expect(refused.statusCode, JSON.stringify(about)).toBe(404);
    }
    const [allotment] = await ctx.db.select({ id: allotments.id }).from(allotments).limit(1);
    if (allotment) {
      expect((await raise(stranger.token, { category: 'delay', text, allotment_id: allotment.id })).statusCode).toBe(
        404,
      );
    }
    const before = await ctx.db.select({ id: grievances.id }).from(grievances);

    const theirs = await raised(owner, { category: 'billing', text, invoice_id: invoice!.id });
    expect(theirs).toMatchObject({ routed_to: 'finance', subject: 'invoice', subject_number: invoice!.invoiceNumber });
    expect((await read(stranger.token, theirs.id)).statusCode).toBe(404);
    expect((await act(stranger.token, theirs.id, { action: 'reopen', message: 'Not mine' })).statusCode).toBe(404);
    // Staff who do not work grievances do not read them either.
    expect((await read(committee, theirs.id)).statusCode).toBe(404);
    expect((await read(finance, theirs.id)).statusCode).toBe(200);
    // Nothing was written by the refused ones.
    expect((await ctx.db.select({ id: grievances.id }).from(grievances)).length).toBe(before.length + 1);
  });

  it('routes a grievance about nothing in particular to the head office, and an officer may raise one too', async () => {
    const mine = await raised(finance, { category: 'other', text });
    expect(mine).toMatchObject({ routed_to: 'ho', zone: null, subject: null });
    // The officer complainant does not work their own grievance.
    expect(((await read(finance, mine.id)).json() as Grievance).actions).toEqual([]);
    const bad = await raise(owner, { category: 'roads', text: 'short' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a reopening more than 15 days after the resolution (409 with a code)', async () => {
    const grievance = await raised(owner, { category: 'delay', text });
    await acted(admin, grievance.id, { action: 'resolve', message: 'Decided yesterday.' });
    await ctx.db
      .update(grievances)
      .set({ resolvedAt: new Date(clock.now().getTime() - 16 * 86_400_000) })
      .where(eq(grievances.id, grievance.id));
    const late = await act(owner, grievance.id, { action: 'reopen', message: 'It was not decided.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('grievance_reopen_closed');
    expect(((await read(owner, grievance.id)).json() as Grievance).status).toBe('resolved');
  });

  it('stops the promised day while detail is asked, and moves it on by the working days the complainant took', async () => {
    const grievance = await raised(owner, { category: 'delay', text });
    await acted(zonal, grievance.id, { action: 'ask_detail', message: 'Which application is late?' });
    const asked = new Date(clock.now().getTime() - 7 * 86_400_000);
    await ctx.db.update(grievances).set({ detailAskedAt: asked }).where(eq(grievances.id, grievance.id));
    const answered = await acted(owner, grievance.id, { action: 'answer', message: 'The one under scrutiny.' });
    const waited = workingDaysBetween(businessDay(asked), businessToday());
    expect(waited).toBeGreaterThanOrEqual(4);
    expect(answered).toMatchObject({ status: 'open', due_on: addWorkingDays(grievance.due_on, waited) });
  });

  it('refuses a 10 MB attachment of the wrong type with 422, storing nothing', async () => {
    const grievance = await raised(owner, { category: 'other', text });
    const big = Buffer.concat([SAMPLE_FILES.exe(), Buffer.alloc(10 * 1024 * 1024, 0x41)]);
    const refused = await ctx.request(owner, {
      method: 'POST',
      url: `/api/grievances/${grievance.id}/attachments`,
      ...multipart({}, { name: 'setup.exe', bytes: big }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'file_type_not_accepted' });
    const disguised = await ctx.request(owner, {
      method: 'POST',
      url: `/api/grievances/${grievance.id}/attachments`,
      ...multipart({}, { name: 'photo.png', bytes: SAMPLE_FILES.exe() }),
    });
    expect(disguised.statusCode).toBe(422);
    expect(((await read(owner, grievance.id)).json() as Grievance).attachments).toEqual([]);
  });

  it('lets one of two officers resolving at once win; the other is answered 409', async () => {
    const grievance = await raised(owner, { category: 'other', text });
    const [first, second] = await Promise.all([
      act(zonal, grievance.id, { action: 'resolve', message: 'Resolved by the zone.' }),
      act(admin, grievance.id, { action: 'resolve', message: 'Resolved by the admin.' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((one) => one.statusCode === 409)!.json().code).toBe('grievance_state');
    const story = ((await read(owner, grievance.id)).json() as Grievance).entries.filter(
      (entry) => entry.kind === 'resolve',
    );
    expect(story).toHaveLength(1);
  });

  it('counts the public figures per month and category', async () => {
    const answer = await ctx.request(null, { method: 'GET', url: '/api/public/grievance-figures' });
    expect(answer.statusCode).toBe(200);
    const figures = answer.json() as GrievanceFigures;
    const park = figures.figures.find((row) => row.category === 'park_infrastructure')!;
    expect(park).toMatchObject({ received: 1, reopened: 1 });
    expect(park.resolved_on_time).toBe(1);
  });

  it('escalates a grievance left past its promised day by its target again, once, when the clock is moved', async () => {
    ctx.app.sweeps.push(deadlineSweep(ctx.db, ctx.app.log));
    const grievance = await raised(owner, { category: 'billing', text });
    expect(grievance.routed_to).toBe('finance');
    // A grievance waiting on the complainant's detail stands still.
    const waiting = await raised(owner, { category: 'billing', text });
    await acted(finance, waiting.id, { action: 'ask_detail', message: 'Which invoice number?' });

    const moved = await ctx.request(admin, { method: 'POST', url: '/api/admin/clock/advance', payload: { days: 25 } });
    expect(moved.statusCode, moved.body).toBe(200);

    const escalated = (await read(finance, grievance.id)).json() as Grievance;
    expect(escalated).toMatchObject({ status: 'open', escalated_to: 'ho', overdue: true });
    expect(escalated.entries.filter((entry) => entry.kind === 'escalate')).toHaveLength(1);
    const notes = await told(grievance, 'grievance_escalated');
    expect(notes.length).toBeGreaterThan(1);
    expect(new Set(notes.map((note) => note.userId)).size).toBe(notes.length);
    expect(((await read(owner, waiting.id)).json() as Grievance).escalated_to).toBeNull();

    const inbox = await getList<Grievance>(ctx, finance, `/api/grievances/inbox?overdue=true&category=billing`);
    expect(inbox.items.map((item) => item.id)).toContain(grievance.id);
    expect(inbox.items.map((item) => item.id)).not.toContain(waiting.id);
  });
});
