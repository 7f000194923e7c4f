import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from './enums';
import { can, PERMISSIONS } from './permissions';
import { ROLES } from './roles';
import {
  ALLOTMENT_FROM_STATUSES,
  hasManualTransitions,
  isAllowedStatusUpdate,
  LEASE_DEED_UPLOAD_STATUSES,
  MANUAL_TRANSITIONS,
  manualTransitionsFrom,
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
