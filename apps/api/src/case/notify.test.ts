/** What notifies whom: a case walked through the API, and the notifications and queued mail each step writes (the
 * table in notify-rules.ts), in the same transaction as the step. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { NotificationCode } from '@portal/contract';
import { invoices, mailOutbox, notifications } from '../db/schema';
import { DEMO_USERS } from '../demo/seed';
import { findUserByEmail, type UserRow } from '../repositories/users';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../test/harness';
import { insertTestApplication } from '../test/workflow-fixtures';

const emailOf = (role: string) => DEMO_USERS.find((user) => user.role === role)!.email;

describe(`notifications from the lifecycle's events (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const users: Record<string, UserRow> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'admin']) {
      users[role] = (await findUserByEmail(ctx.db, emailOf(role)))!;
      tokens[role] = await ctx.tokenFor(role);
    }
  });
  afterAll(() => ctx.close());

  /** The codes a user was told about one application (or service request), oldest first. */
  async function told(role: string, applicationId: string | null, link?: string) {
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, users[role]!.id),
          applicationId ? eq(notifications.applicationId, applicationId) : undefined,
          link ? eq(notifications.link, link) : undefined,
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id));
    return rows;
  }
  const codes = async (role: string, applicationId: string) =>
    (await told(role, applicationId)).map((row) => row.code as NotificationCode);

  async function act(role: string, method: 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) {
    const response = await ctx.request(tokens[role]!, { method, url, ...(payload && { payload }) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  }
  const moveTo = (role: string, id: string, status: string, extra: object = {}) =>
    act(role, 'PUT', `/api/applications/${id}/status`, { status, current_stage: `Now ${status}`, ...extra });

  it('tells each party its part as a case moves, and no officer of what they did themselves', async () => {
    const application = await insertTestApplication(ctx, 'draft', { documents: 'verified' });
    const id = application.id;

    // Submitted: the applicant's receipt carries the two invoices; the zonal managers have a new case.
    await act('entrepreneur', 'POST', `/api/applications/${id}/submit`);
    const raised = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.applicationId, id))
      .orderBy(asc(invoices.generatedAt), asc(invoices.invoiceNumber));
    expect(raised).toHaveLength(2);
    const [receipt, ...others] = await told('entrepreneur', id);
    expect(others).toEqual([]);
    expect(receipt).toMatchObject({
      code: 'application_submitted',
      link: `/applications/${id}`,
      params: {
        application_number: application.applicationNumber,
        invoice_count: 2,
        invoice_numbers: raised.map((invoice) => invoice.invoiceNumber).join(', '),
        total_amount: raised.reduce((sum, invoice) => sum + invoice.amount, 0),
        due_date: raised[0]!.dueDate,
      },
    });
    const [receiptMail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, receipt!.dedupeKey!));
    expect(receiptMail).toMatchObject({
      toEmail: emailOf('entrepreneur'),
      template: 'application_submitted',
      status: 'pending',
      params: { ...receipt!.params, full_name: users.entrepreneur!.fullName, link: `/applications/${id}` },
    });
    const [arrived] = await told('zonal_manager', id);
    expect(arrived).toMatchObject({
      code: 'case_reached_role',
      link: `/officer/applications/${id}`,
      params: { application_number: application.applicationNumber, status: 'submitted', role: 'zonal_manager' },
    });

    // Head office moves it into scrutiny and assigns it: still the zonal managers' (no second "reached"), and the
    // assignee is told.
    await moveTo('ho', id, 'under_scrutiny', { assigned_to: users.zonal_manager!.id });
    expect(await codes('zonal_manager', id)).toEqual(['case_reached_role', 'case_assigned']);
    expect((await told('zonal_manager', id))[1]!.params).toMatchObject({ assigned_by: users.ho!.fullName });

    // A query goes to the applicant; the answer to the officer who raised it (who also holds the case: told once).
    const query = await act('zonal_manager', 'POST', `/api/applications/${id}/queries`, {
      message: 'Please send the site plan',
      respond_by: '2099-01-31',
    });
    expect((await told('entrepreneur', id)).at(-1)).toMatchObject({
      code: 'query_raised',
      params: { message: 'Please send the site plan', respond_by: '2099-01-31' },
    });
    await act('entrepreneur', 'POST', `/api/queries/${query.id}/response`, { message: 'Attached the site plan' });
    expect(await codes('zonal_manager', id)).toEqual(['case_reached_role', 'case_assigned', 'query_answered']);
    expect((await told('zonal_manager', id)).at(-1)!.params).toMatchObject({ message: 'Attached the site plan' });

    // To the committee: the committee is told, the zonal manager who moved it is not.
    await moveTo('zonal_manager', id, 'pending_committee');
    expect(await codes('committee', id)).toEqual(['case_reached_role']);
    expect(await codes('zonal_manager', id)).toHaveLength(3);

    // A deferral is a decision the applicant hears of; approval too, and head office has the case next.
    await moveTo('committee', id, 'pending_committee', { current_stage: 'Deferred: site visit' });
    await moveTo('committee', id, 'approved');
    const decisions = (await told('entrepreneur', id)).filter((row) => row.code === 'decision_made');
    expect(decisions.map((row) => row.params)).toEqual([
      expect.objectContaining({ decision: 'committee_note', stage: 'Deferred: site visit' }),
      expect.objectContaining({ decision: 'approved' }),
    ]);
    expect(await codes('ho', id)).toEqual(['case_reached_role']);

    // Head office asks for the premium: the applicant is told of the new invoice; the case now waits on them.
    await moveTo('ho', id, 'pending_payment');
    const premium = (await told('entrepreneur', id)).at(-1)!;
    expect(premium).toMatchObject({ code: 'invoice_generated', params: { invoice_type: 'premium_instalment' } });
    expect(await codes('ho', id)).toEqual(['case_reached_role']);

    // Nobody else heard anything about this case.
    expect(await codes('admin', id)).toEqual([]);
    expect(await codes('committee', id)).toEqual(['case_reached_role']);
  });

  it("tells the applicant a rejection, and a service request's decision with its own link", async () => {
    const application = await insertTestApplication(ctx, 'under_scrutiny');
    await moveTo('zonal_manager', application.id, 'rejected');
    expect((await told('entrepreneur', application.id)).map((row) => [row.code, row.params.decision])).toEqual([
      ['decision_made', 'rejected'],
    ]);

    const active = await insertTestApplication(ctx, 'possession_given');
    const request = await act('entrepreneur', 'POST', '/api/service-requests', {
      request_type: 'change_name',
      application_id: active.id,
      description: 'Change of the unit name',
      particulars: { new_name: 'Renamed Unit Pvt Ltd' },
    });
    await act('zonal_manager', 'PATCH', `/api/service-requests/${request.id}`, { status: 'in_progress' });
    expect(await told('entrepreneur', null, `/service-requests/${request.id}`)).toEqual([]);
    await act('zonal_manager', 'PATCH', `/api/service-requests/${request.id}`, {
      status: 'approved',
      remarks: 'Name change approved',
    });
    const decided = await told('entrepreneur', null, `/service-requests/${request.id}`);
    expect(decided.map((row) => [row.code, row.params.request_number, row.params.status, row.params.remarks])).toEqual([
      ['service_request_decided', request.request_number, 'approved', 'Name change approved'],
    ]);
  });

  it('writes nothing when the event is rolled back', async () => {
    const application = await insertTestApplication(ctx, 'draft', { documents: 'verified' });
    // Someone else's application: refused, so nothing of it may have been told.
    const stranger = await ctx.request(tokens.zonal_manager!, {
      method: 'POST',
      url: `/api/applications/${application.id}/submit`,
    });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    // A refused move (a guard fails inside the transaction) leaves no notification either.
    const scrutiny = await insertTestApplication(ctx, 'under_scrutiny', { documents: 'pending' });
    const refused = await ctx.request(tokens.zonal_manager!, {
      method: 'PUT',
      url: `/api/applications/${scrutiny.id}/status`,
      payload: { status: 'pending_committee', current_stage: 'x' },
    });
    expect(refused.statusCode).toBe(409);
    expect(await codes('committee', scrutiny.id)).toEqual([]);
    expect(await codes('entrepreneur', application.id)).toEqual([]);
  });
});
