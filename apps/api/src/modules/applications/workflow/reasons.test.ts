// A rejection carries its reason (decision 024): the server refuses one without it, 422 reason_required, and writes
// nothing; with it, the reason is the stage the applicant reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committeeDecisionUpdate, type Role } from '@portal/contract';
import { findApplicationById } from '../../../repositories/applications';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`a rejection needs its reason (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['zonal_manager', 'committee'] as const) tokens[role] = await ctx.tokenFor(role);
  });
  afterAll(() => ctx.close());

  const putStatus = (role: Role, id: string, body: object) =>
    ctx.request(tokens[role], { method: 'PUT', url: `/api/applications/${id}/status`, payload: body });

  async function expectUnchanged(id: string, status: string) {
    const row = await findApplicationById(ctx.db, id);
    expect(row!.status).toBe(status);
    expect(await listEventsForApplication(ctx.db, id)).toEqual([]);
  }

  it('refuses a committee rejection without remarks, and writes nothing', async () => {
    const { id } = await insertTestApplication(ctx, 'pending_committee');
    const response = await putStatus('committee', id, committeeDecisionUpdate('rejected', '   '));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'reason_required',
      detail: expect.stringContaining('reason') as string,
      errors: [{ path: 'body.stage.params.note' }],
    });
    await expectUnchanged(id, 'pending_committee');
  });

  it("refuses a rejection whose stage is only the status's own words, or too short a reason", async () => {
    const { id } = await insertTestApplication(ctx, 'under_scrutiny');
    for (const body of [
      { status: 'rejected', current_stage: 'Rejected' },
      { status: 'rejected', current_stage: 'Rejected', stage: { code: 'status', params: { status: 'rejected' } } },
      { status: 'rejected', current_stage: 'No.' },
    ]) {
      const response = await putStatus('zonal_manager', id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe('reason_required');
    }
    await expectUnchanged(id, 'under_scrutiny');
  });

  it('takes a rejection with its reason, as the committee note or the officer’s words', async () => {
    const decided = await insertTestApplication(ctx, 'pending_committee');
    const byCommittee = await putStatus(
      'committee',
      decided.id,
      committeeDecisionUpdate('rejected', 'Project not viable'),
    );
    expect(byCommittee.statusCode, byCommittee.body).toBe(200);
    expect(byCommittee.json()).toMatchObject({ status: 'rejected', current_stage: 'Rejected: Project not viable' });

    const scrutiny = await insertTestApplication(ctx, 'under_scrutiny');
    const byOfficer = await putStatus('zonal_manager', scrutiny.id, {
      status: 'rejected',
      current_stage: 'Land use does not permit the activity',
    });
    expect(byOfficer.statusCode, byOfficer.body).toBe(200);
    expect(byOfficer.json()).toMatchObject({
      status: 'rejected',
      current_stage: 'Land use does not permit the activity',
    });
  });

  it('asks no reason of a move that is not a rejection', async () => {
    const { id } = await insertTestApplication(ctx, 'pending_committee', { documents: 'verified' });
    const approved = await putStatus('committee', id, committeeDecisionUpdate('approved', ''));
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
