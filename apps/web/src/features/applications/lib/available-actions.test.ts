// Which actions the detail screen offers, for every role and every status, checked against the contract's tables.
import { describe, expect, it } from 'vitest';
import {
  ALLOTMENT_FROM_STATUSES,
  APPLICATION_STATUSES,
  can,
  manualTransitionsFrom,
  mayFire,
  QUERY_RAISE_STATUSES,
  ROLES,
} from '@portal/contract';
import { allotment, application, leaseDeed, possession } from '../test/officer-fixtures';
import { availableActions, statusTargets } from './available-actions';

const CASES = ROLES.flatMap((role) => APPLICATION_STATUSES.map((status) => ({ role, status })));

describe('available officer actions', () => {
  it.each(CASES)('$role on $status', ({ role, status }) => {
    const actions = availableActions({
      role,
      application: application(status),
      allotment: null,
      leaseDeed: null,
      possession: null,
    });
    const transitions = manualTransitionsFrom(status).length > 0;
    expect(actions.updateStatus).toBe(can(role, 'update:application:status') && transitions);
    expect(actions.updateStatusNoneAvailable).toBe(can(role, 'update:application:status') && !transitions);
    expect(actions.committeeDecision).toBe(can(role, 'record:decision') && status === 'pending_committee');
    expect(actions.scheduleMeeting).toBe(can(role, 'schedule:meeting') && status === 'under_scrutiny');
    expect(actions.raiseQuery).toBe(can(role, 'update:application:status') && QUERY_RAISE_STATUSES.includes(status));
    expect(actions.createAllotment).toBe(can(role, 'create:allotment') && ALLOTMENT_FROM_STATUSES.includes(status));
    expect(actions.verifyLeaseDeed).toBe(false);
    expect(actions.recordPossession).toBe(false);
  });

  it('offers in Update Status exactly the manual transitions of the lifecycle the role may make', () => {
    for (const { role, status } of CASES) {
      const expected = can(role, 'update:application:status') ? manualTransitionsFrom(status) : [];
      expect(statusTargets(status, role), `${role} on ${status}`).toEqual(expected);
    }
    // A committee member decides, but only through the events the table lets the committee fire.
    expect(mayFire('record_committee_note', 'committee', false)).toBe(true);
  });

  it('shows none available for exactly the four statuses of the spec among those officers reach by hand', () => {
    const none = APPLICATION_STATUSES.filter(
      (status) =>
        availableActions({
          role: 'ho',
          application: application(status),
          allotment: null,
          leaseDeed: null,
          possession: null,
        }).updateStatusNoneAvailable,
    );
    expect(none).toEqual(
      expect.arrayContaining(['payment_verified', 'provisional_allotment', 'lease_submitted', 'final_allotment']),
    );
  });

  it('offers lease deed verification only for a pending deed, and possession only after approval and only once', () => {
    const submitted = { application: application('lease_submitted'), allotment, possession: null };
    const final = { application: application('final_allotment'), allotment, possession: null };
    for (const role of ROLES) {
      expect(availableActions({ ...submitted, role, leaseDeed: leaseDeed('pending') }).verifyLeaseDeed).toBe(
        can(role, 'verify:lease-deed'),
      );
      expect(availableActions({ ...submitted, role, leaseDeed: leaseDeed('needs_revision') }).verifyLeaseDeed).toBe(
        false,
      );
      expect(availableActions({ ...final, role, leaseDeed: leaseDeed('approved') }).recordPossession).toBe(
        can(role, 'record:possession'),
      );
      expect(availableActions({ ...final, role, leaseDeed: leaseDeed('approved'), possession }).recordPossession).toBe(
        false,
      );
      // Possession follows the final allotment, not the deed alone.
      expect(availableActions({ ...submitted, role, leaseDeed: leaseDeed('approved') }).recordPossession).toBe(false);
    }
  });

  it('does not offer a second allotment', () => {
    expect(
      availableActions({
        role: 'ho',
        application: application('approved'),
        allotment,
        leaseDeed: null,
        possession: null,
      }).createAllotment,
    ).toBe(false);
  });
});
