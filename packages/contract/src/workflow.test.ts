import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, COMMITTEE_DECISIONS } from './enums';
import { can, PERMISSIONS } from './permissions';
import { ROLES } from './roles';
import {
  ALLOTMENT_FROM_STATUSES,
  committeeDecisionUpdate,
  DEFAULT_STAGE,
  hasManualTransitions,
  isAllowedStatusUpdate,
  LEASE_DEED_UPLOAD_STATUSES,
  MANUAL_TRANSITIONS,
  manualTransitionsFrom,
  meetingDecisionUpdate,
  statusUpdatePermission,
} from './workflow';

describe('the workflow tables', () => {
  it('holds exactly the spec table of manual transitions', () => {
    expect(MANUAL_TRANSITIONS).toEqual({
      submitted: ['under_scrutiny', 'rejected'],
      under_scrutiny: ['pending_committee', 'rejected'],
      pending_committee: ['approved', 'rejected', 'under_scrutiny'],
      approved: ['pending_payment'],
      possession_given: ['under_implementation', 'completed'],
      under_implementation: ['completed'],
    });
  });

  it('names only real statuses, and never a move to draft or to the same status', () => {
    for (const [from, targets] of Object.entries(MANUAL_TRANSITIONS)) {
      expect(APPLICATION_STATUSES).toContain(from);
      for (const to of targets ?? []) {
        expect(APPLICATION_STATUSES).toContain(to);
        expect(to).not.toBe(from);
        expect(to).not.toBe('draft');
      }
    }
  });

  it('offers none for the four statuses the spec shows as none available, nor for draft, pending_payment and the ends', () => {
    const without = APPLICATION_STATUSES.filter((status) => !hasManualTransitions(status));
    expect(without).toEqual([
      'draft',
      'rejected',
      'pending_payment',
      'payment_verified',
      'provisional_allotment',
      'lease_submitted',
      'final_allotment',
      'completed',
    ]);
    for (const status of without) expect(manualTransitionsFrom(status)).toEqual([]);
  });

  it('allows a status update for a table pair or the stage-only committee change, and nothing else', () => {
    for (const from of APPLICATION_STATUSES) {
      for (const to of APPLICATION_STATUSES) {
        const expected =
          manualTransitionsFrom(from).includes(to) || (from === 'pending_committee' && to === 'pending_committee');
        expect(isAllowedStatusUpdate(from, to), `${from} -> ${to}`).toBe(expected);
        expect(statusUpdatePermission(from, to)).toBe(
          expected ? (from === to ? 'record:decision' : 'update:application:status') : null,
        );
      }
    }
  });

  it('has a default stage for every status', () => {
    for (const status of APPLICATION_STATUSES) expect(DEFAULT_STAGE[status]).toMatch(/\S/);
  });

  it('allots from approved or payment_verified, and takes a lease deed under a provisional or final allotment', () => {
    expect(ALLOTMENT_FROM_STATUSES).toEqual(['approved', 'payment_verified']);
    expect(LEASE_DEED_UPLOAD_STATUSES).toEqual(['provisional_allotment', 'final_allotment']);
  });

  it('gives the roles of spec section 6 to each workflow action', () => {
    const holders = (permission: keyof typeof PERMISSIONS) => ROLES.filter((role) => can(role, permission));
    expect(holders('update:application:status')).toEqual(['zonal_manager', 'ho', 'committee', 'admin']);
    expect(holders('verify:document')).toEqual(['zonal_manager', 'ho', 'committee', 'admin']);
    expect(holders('record:decision')).toEqual(['ho', 'committee', 'admin']);
    expect(holders('create:allotment')).toEqual(['ho', 'committee', 'admin']);
    expect(holders('manage:meetings')).toEqual(['ho', 'committee', 'admin']);
    expect(holders('schedule:meeting')).toEqual(['zonal_manager', 'ho', 'admin']);
    expect(holders('verify:lease-deed')).toEqual(['zonal_manager', 'ho', 'admin']);
    expect(holders('record:possession')).toEqual(['zonal_manager', 'ho', 'admin']);
    expect(holders('upload:lease-deed:own')).toEqual(['entrepreneur']);
  });
});

describe('committee decisions', () => {
  it('maps each decision of the officer detail to its status and stage', () => {
    expect(committeeDecisionUpdate('approved', 'ignored')).toEqual({
      status: 'approved',
      current_stage: 'pending allotment',
    });
    expect(committeeDecisionUpdate('rejected', ' Not viable ')).toEqual({
      status: 'rejected',
      current_stage: 'Rejected: Not viable',
    });
    expect(committeeDecisionUpdate('rejected', '')).toEqual({ status: 'rejected', current_stage: 'Rejected' });
    expect(committeeDecisionUpdate('deferred', 'Need site visit')).toEqual({
      status: 'pending_committee',
      current_stage: 'Deferred: Need site visit',
    });
    expect(committeeDecisionUpdate('conditional_approval', 'Fire NOC')).toEqual({
      status: 'pending_committee',
      current_stage: 'Conditional approval: Fire NOC',
    });
  });

  it('keeps every decision within what the server accepts from pending_committee', () => {
    for (const decision of COMMITTEE_DECISIONS) {
      expect(isAllowedStatusUpdate('pending_committee', committeeDecisionUpdate(decision, 'x').status)).toBe(true);
      expect(isAllowedStatusUpdate('pending_committee', meetingDecisionUpdate(decision, 'x').status)).toBe(true);
    }
  });

  it('sends approved with stage pending payment from the Meetings screen, and rejected otherwise', () => {
    expect(meetingDecisionUpdate('approved', '')).toEqual({ status: 'approved', current_stage: 'pending payment' });
    for (const decision of ['rejected', 'deferred', 'conditional_approval'] as const) {
      expect(meetingDecisionUpdate(decision, 'No quorum').status).toBe('rejected');
    }
  });
});
