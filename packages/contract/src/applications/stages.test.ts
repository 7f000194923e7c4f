import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, COMMITTEE_DECISIONS } from '../enums';
import { manualEventFor } from './lifecycle';
import {
  committeeDecisionUpdate,
  DEFAULT_STAGE,
  stageEnglish,
  stageFitsStatus,
  stageFromParams,
  stageOfText,
  stageSchema,
  stageToParams,
  type Stage,
} from './stages';

describe('stages', () => {
  it('has a default stage for every status, its English the spec client reads', () => {
    for (const status of APPLICATION_STATUSES) {
      expect(DEFAULT_STAGE[status]).toMatch(/\S/);
      expect(stageEnglish({ code: 'status', params: { status } })).toBe(DEFAULT_STAGE[status]);
    }
    expect(stageEnglish({ code: 'status', params: { status: 'pending_committee' } })).toBe('Pending committee');
  });

  it('takes the status own English stage as its code, and any other text as the officer words', () => {
    expect(stageOfText('under_scrutiny', 'Under scrutiny')).toEqual({
      code: 'status',
      params: { status: 'under_scrutiny' },
    });
    expect(stageOfText('under_scrutiny', ' Under scrutiny ')).toEqual({
      code: 'status',
      params: { status: 'under_scrutiny' },
    });
    expect(stageOfText('under_scrutiny', 'Pending committee')).toBeNull();
    expect(stageOfText('under_scrutiny', 'Checking the DPR')).toBeNull();
    expect(stageOfText('under_scrutiny', 'under scrutiny')).toBeNull();
  });

  it('refuses a code it does not know and a note over the limit', () => {
    expect(stageSchema.safeParse({ code: 'pending_allotment', params: {} }).success).toBe(false);
    expect(stageSchema.safeParse({ code: 'status', params: { status: 'flying' } }).success).toBe(false);
    expect(stageSchema.safeParse({ code: 'committee_deferred', params: { note: 'x'.repeat(401) } }).success).toBe(
      false,
    );
    expect(stageSchema.safeParse({ code: 'committee_deferred', params: { note: 'Site visit' } }).success).toBe(true);
    expect(stageSchema.safeParse({ code: 'status', params: {} }).success).toBe(false);
    expect(stageSchema.safeParse({ code: 'status', params: { status: 'approved', note: 'x' } }).success).toBe(false);
    expect(stageSchema.safeParse({ code: 'committee_deferred', params: { status: 'approved' } }).success).toBe(false);
    expect(stageSchema.safeParse({ code: 'committee_approved', params: { note: 'x' } }).success).toBe(false);
  });

  it('stands beside the status it belongs to only', () => {
    expect(stageFitsStatus({ code: 'status', params: { status: 'approved' } }, 'approved')).toBe(true);
    expect(stageFitsStatus({ code: 'status', params: { status: 'approved' } }, 'rejected')).toBe(false);
    expect(stageFitsStatus({ code: 'committee_approved', params: {} }, 'approved')).toBe(true);
    expect(stageFitsStatus({ code: 'committee_approved', params: {} }, 'pending_payment')).toBe(false);
    expect(stageFitsStatus({ code: 'committee_rejected', params: {} }, 'rejected')).toBe(true);
    expect(stageFitsStatus({ code: 'committee_deferred', params: {} }, 'pending_committee')).toBe(true);
    expect(stageFitsStatus({ code: 'committee_deferred', params: {} }, 'approved')).toBe(false);
    expect(stageFitsStatus({ code: 'committee_conditional_approval', params: {} }, 'pending_committee')).toBe(true);
  });

  it('goes to flat parameters and back', () => {
    const stages: Stage[] = [
      { code: 'status', params: { status: 'submitted' } },
      { code: 'committee_approved', params: {} },
      { code: 'committee_deferred', params: { note: 'Site visit' } },
      { code: 'committee_rejected', params: {} },
    ];
    for (const stage of stages) expect(stageFromParams({ stage: 'x', ...stageToParams(stage) })).toEqual(stage);
    expect(stageToParams({ code: 'committee_deferred', params: { note: 'Site visit' } })).toEqual({
      stage_code: 'committee_deferred',
      stage_note: 'Site visit',
    });
    expect(stageToParams(null)).toEqual({ stage_code: null });
    expect(stageFromParams({ stage: 'Typed by an officer', stage_code: null })).toBeNull();
    expect(stageFromParams({ stage: 'An entry from before the codes' })).toBeNull();
    expect(stageFromParams({ stage_code: 'unknown' })).toBeNull();
  });
});

describe('committee decisions', () => {
  it('maps each decision to one status and one stage, wherever it is recorded', () => {
    expect(committeeDecisionUpdate('approved', 'ignored')).toEqual({
      status: 'approved',
      current_stage: 'pending allotment',
      stage: { code: 'committee_approved', params: {} },
    });
    expect(committeeDecisionUpdate('rejected', ' Not viable ')).toEqual({
      status: 'rejected',
      current_stage: 'Rejected: Not viable',
      stage: { code: 'committee_rejected', params: { note: 'Not viable' } },
    });
    expect(committeeDecisionUpdate('rejected', '  ')).toEqual({
      status: 'rejected',
      current_stage: 'Rejected',
      stage: { code: 'committee_rejected', params: {} },
    });
    expect(committeeDecisionUpdate('deferred', 'Need site visit')).toEqual({
      status: 'pending_committee',
      current_stage: 'Deferred: Need site visit',
      stage: { code: 'committee_deferred', params: { note: 'Need site visit' } },
    });
    expect(committeeDecisionUpdate('conditional_approval', 'Fire NOC')).toEqual({
      status: 'pending_committee',
      current_stage: 'Conditional approval: Fire NOC',
      stage: { code: 'committee_conditional_approval', params: { note: 'Fire NOC' } },
    });
  });

  it('sends only what the server accepts from pending_committee: a manual move or a committee note', () => {
    for (const decision of COMMITTEE_DECISIONS) {
      const update = committeeDecisionUpdate(decision, 'x');
      expect(stageSchema.parse(update.stage)).toEqual(update.stage);
      expect(stageFitsStatus(update.stage, update.status)).toBe(true);
      if (update.status !== 'pending_committee')
        expect(manualEventFor('pending_committee', update.status)).toBeDefined();
    }
  });

  it('keeps a long remark within the stage field', () => {
    const update = committeeDecisionUpdate('conditional_approval', 'y'.repeat(600));
    expect(update.current_stage.length).toBeLessThanOrEqual(500);
    expect(stageSchema.safeParse(update.stage).success).toBe(true);
  });
});
