import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from '../enums';
import { can, PERMISSIONS } from '../permissions';
import { ROLES } from '../roles';
import { APPLICATION_EVENTS, manualEventFor, statusesFor } from './lifecycle';
import {
  MANUAL_TRANSITIONS,
  APPLICANT_PENDING_STATUSES,
  APPROVED_OR_LATER_STATUSES,
  manualTransitionsFrom,
  OFFICER_PENDING_REVIEW_STATUSES,
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
    const without = APPLICATION_STATUSES.filter((status) => manualTransitionsFrom(status).length === 0);
    expect(without).toEqual([
      'draft',
      'rejected',
      'pending_payment',
      'payment_verified',
      'provisional_allotment',
      'lease_submitted',
      'final_allotment',
      'completed',
      'withdrawn',
    ]);
    for (const status of without) expect(manualTransitionsFrom(status)).toEqual([]);
  });

  it('accepts a status update for a table pair or the stage-only committee note, under the permission of its event', () => {
    const accepted = APPLICATION_STATUSES.flatMap((from) =>
      APPLICATION_STATUSES.flatMap((to) => {
        const name = manualEventFor(from, to);
        const by = name ? APPLICATION_EVENTS[name].by : undefined;
        return by?.kind === 'staff' ? [`${from} -> ${to}: ${by.permission}`] : [];
      }),
    );
    expect(accepted).toEqual([
      'submitted -> under_scrutiny: update:application:status',
      'submitted -> rejected: update:application:status',
      'under_scrutiny -> pending_committee: update:application:status',
      'under_scrutiny -> rejected: update:application:status',
      'pending_committee -> under_scrutiny: update:application:status',
      'pending_committee -> pending_committee: record:decision',
      'pending_committee -> approved: update:application:status',
      'pending_committee -> rejected: update:application:status',
      'approved -> pending_payment: update:application:status',
      'possession_given -> under_implementation: update:application:status',
      'possession_given -> completed: update:application:status',
      'under_implementation -> completed: update:application:status',
    ]);
  });

  it('allots from approved or payment_verified, and takes a lease deed under a provisional or final allotment', () => {
    expect(statusesFor('allot')).toEqual(['approved', 'payment_verified']);
    expect(statusesFor('submit_lease_deed')).toEqual(['provisional_allotment', 'final_allotment']);
    expect(statusesFor('raise_query')).toEqual(['under_scrutiny', 'pending_committee']);
    expect(statusesFor('upload_document')).toEqual(['draft', 'submitted', 'under_scrutiny', 'pending_committee']);
    expect(statusesFor('schedule_meeting')).toEqual(['under_scrutiny']);
  });

  it('counts the dashboard groups along the lifecycle', () => {
    expect(APPLICANT_PENDING_STATUSES).toEqual(['submitted', 'under_scrutiny', 'pending_committee']);
    expect(OFFICER_PENDING_REVIEW_STATUSES).toEqual(['submitted', 'under_scrutiny']);
    expect(APPROVED_OR_LATER_STATUSES).toEqual([
      'approved',
      'pending_payment',
      'payment_verified',
      'provisional_allotment',
      'lease_submitted',
      'final_allotment',
      'possession_given',
      'under_implementation',
      'completed',
    ]);
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
