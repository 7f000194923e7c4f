/** Officers' internal notes: written by officers, shown to staff in the timeline marked internal, never sent to the
 * applicant, refused on drafts and without a message. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, ROLES, type TimelineEvent } from '@portal/contract';
import { recordEvent } from '../../../case/events';
import { SYSTEM_ACTOR } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`internal notes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const note = async (role: (typeof ROLES)[number], id: string, payload: object) =>
    ctx.request(await ctx.tokenFor(role), { method: 'POST', url: `/api/applications/${id}/notes`, payload });
  const timeline = async (role: (typeof ROLES)[number], id: string) =>
    (
      await ctx.request(await ctx.tokenFor(role), { method: 'GET', url: `/api/applications/${id}/timeline` })
    ).json() as TimelineEvent[];

  it('an officer notes a case; staff see it marked internal, the applicant never receives it', async () => {
    const application = await insertTestApplication(ctx, 'under_scrutiny');
    await recordEvent(ctx.db, SYSTEM_ACTOR, {
      applicationId: application.id,
      code: 'status_changed',
      params: { from: 'submitted', to: 'under_scrutiny', stage: null },
      entityType: 'application',
      entityId: application.id,
    });
    const response = await note('zonal_manager', application.id, { message: 'Site visit booked for Tuesday' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      event_code: 'internal_note',
      internal: true,
      params: { message: 'Site visit booked for Tuesday' },
      action: 'Internal note',
    });
    expect((await timeline('finance', application.id))[0]).toMatchObject({ event_code: 'internal_note' });
    const ownerView = await timeline('entrepreneur', application.id);
    expect(ownerView.map((event) => event.event_code)).toEqual(['status_changed']);
    expect(ownerView.filter((event) => event.internal || event.event_code === 'internal_note')).toEqual([]);
  });

  it('only officers may note, on submitted cases, with a message', async () => {
    const application = await insertTestApplication(ctx, 'submitted');
    for (const role of ROLES) {
      const response = await note(role, application.id, { message: `Note by ${role}` });
      expect(response.statusCode, `${role}: ${response.body}`).toBe(can(role, 'add:internal-note') ? 201 : 403);
    }
    const draft = await insertTestApplication(ctx, 'draft');
    expect((await note('ho', draft.id, { message: 'On a draft' })).statusCode).toBe(404);
    expect((await note('ho', application.id, { message: '   ' })).statusCode).toBe(422);
    expect((await note('ho', application.id, {})).statusCode).toBe(422);
  });
});
