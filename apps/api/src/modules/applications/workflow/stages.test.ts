// The stage a status update writes: a code with parameters when the portal set it (the status's own stage, a
// committee decision), the officer's words as typed otherwise; `current_stage` keeps the English for the spec's client.
// The migration moves the stages written before codes the same way.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/contract';
import { findApplicationById } from '../../../repositories/applications';
import { listEventsForApplication } from '../../../repositories/timeline';
import { createTestContext, TEST_DB_KIND, type TestContext } from '../../../test/harness';
import { insertTestApplication } from '../../../test/workflow-fixtures';

describe(`stages as codes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['zonal_manager', 'committee'] as const) tokens[role] = await ctx.tokenFor(role);
  });
  afterAll(() => ctx.close());

  const putStatus = (role: Role, id: string, body: Record<string, unknown>) =>
    ctx.request(tokens[role], { method: 'PUT', url: `/api/applications/${id}/status`, payload: body });

  it("stores the status's own English stage as its code, and answers both", async () => {
    const { id } = await insertTestApplication(ctx, 'submitted');
    const response = await putStatus('zonal_manager', id, {
      status: 'under_scrutiny',
      current_stage: 'Under scrutiny',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      current_stage: 'Under scrutiny',
      stage: { code: 'status', params: { status: 'under_scrutiny' } },
    });
    const row = await findApplicationById(ctx.db, id);
    expect(row).toMatchObject({ stageCode: 'status', stageParams: { status: 'under_scrutiny' } });
    const [moved] = await listEventsForApplication(ctx.db, id);
    expect(moved!.params).toMatchObject({
      stage: 'Under scrutiny',
      stage_code: 'status',
      stage_status: 'under_scrutiny',
    });
  });

  it("keeps any other text as the officer's words, with no code", async () => {
    const { id } = await insertTestApplication(ctx, 'submitted');
    const response = await putStatus('zonal_manager', id, {
      status: 'under_scrutiny',
      current_stage: 'Checking the DPR with the bank',
    });
    expect(response.json()).toMatchObject({ current_stage: 'Checking the DPR with the bank', stage: null });
    expect(await findApplicationById(ctx.db, id)).toMatchObject({ stageCode: null, stageParams: null });
    const [moved] = await listEventsForApplication(ctx.db, id);
    expect(moved!.params).toMatchObject({ stage: 'Checking the DPR with the bank', stage_code: null });
  });

  it('stores a committee decision as its code with the note, and its English from the server', async () => {
    const { id } = await insertTestApplication(ctx, 'pending_committee');
    const response = await putStatus('committee', id, {
      status: 'pending_committee',
      current_stage: 'whatever the client wrote',
      stage: { code: 'committee_deferred', params: { note: 'Site visit first' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'pending_committee',
      current_stage: 'Deferred: Site visit first',
      stage: { code: 'committee_deferred', params: { note: 'Site visit first' } },
    });
    const [note] = await listEventsForApplication(ctx.db, id);
    expect(note).toMatchObject({
      event_code: 'committee_note',
      params: { stage: 'Deferred: Site visit first', stage_code: 'committee_deferred', stage_note: 'Site visit first' },
    });
  });

  it('refuses a stage that does not go with the status, and changes nothing', async () => {
    const { id } = await insertTestApplication(ctx, 'pending_committee');
    const response = await putStatus('zonal_manager', id, {
      status: 'rejected',
      current_stage: 'pending allotment',
      stage: { code: 'committee_approved', params: {} },
    });
    expect(response.statusCode).toBe(400);
    expect((await findApplicationById(ctx.db, id))!.status).toBe('pending_committee');
  });
});

describe(`the migration of stages written before codes (${TEST_DB_KIND})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** The data statements of migration 0009 (after its two columns are added), run again on rows put back as text. */
  async function migrate(): Promise<void> {
    const file = path.resolve(import.meta.dirname, '../../../db/migrations/0009_stage_codes.sql');
    const statements = fs.readFileSync(file, 'utf8').split('--> statement-breakpoint').slice(2);
    for (const statement of statements) await ctx.db.execute(sql.raw(statement));
  }

  it("moves a default or a committee's text to its code, and keeps anything else as the officer's words", async () => {
    const cases = [
      { status: 'under_scrutiny', text: 'Under scrutiny', code: 'status', params: { status: 'under_scrutiny' } },
      { status: 'approved', text: 'pending payment', code: 'committee_approved', params: {} },
      {
        status: 'pending_committee',
        text: 'Deferred: Need site visit',
        code: 'committee_deferred',
        params: { note: 'Need site visit' },
      },
      { status: 'pending_committee', text: 'Conditional approval', code: 'committee_conditional_approval', params: {} },
      { status: 'rejected', text: 'Rejected: Not viable', code: 'committee_rejected', params: { note: 'Not viable' } },
      { status: 'under_scrutiny', text: 'Pending committee', code: null, params: null },
      { status: 'submitted', text: 'With the bank', code: null, params: null },
    ] as const;
    const ids: string[] = [];
    for (const item of cases) {
      const { id } = await insertTestApplication(ctx, item.status);
      await ctx.db.execute(
        sql`update applications set current_stage = ${item.text}, stage_code = null, stage_params = null where id = ${id}`,
      );
      ids.push(id);
    }
    await migrate();
    for (const [index, item] of cases.entries()) {
      const row = await findApplicationById(ctx.db, ids[index]!);
      expect({ text: item.text, code: row!.stageCode, params: row!.stageParams }).toEqual({
        text: item.text,
        code: item.code,
        params: item.params,
      });
    }
    // One mapping of an approval: the Meetings screen's old 'pending payment' reads as the committee's approval.
    expect((await findApplicationById(ctx.db, ids[1]!))!.currentStage).toBe('pending allotment');
  });
});
