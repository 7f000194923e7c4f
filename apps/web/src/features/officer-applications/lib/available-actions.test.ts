// Which actions the detail screen offers, for every role and every status, generated from the contract's tables.
import { describe, expect, it } from 'vitest';
import { ALLOTMENT_FROM_STATUSES, APPLICATION_STATUSES, can, manualTransitionsFrom, ROLES } from '@portal/contract';
import { allotment, application, leaseDeed, possession } from './test-fixtures';
import { availableActions } from './available-actions';

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
    expect(actions.createAllotment).toBe(can(role, 'create:allotment') && ALLOTMENT_FROM_STATUSES.includes(status));
    expect(actions.verifyLeaseDeed).toBe(false);
    expect(actions.recordPossession).toBe(false);
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
    const base = { application: application('lease_submitted'), allotment, possession: null };
    for (const role of ROLES) {
      expect(availableActions({ ...base, role, leaseDeed: leaseDeed('pending') }).verifyLeaseDeed).toBe(
        can(role, 'verify:lease-deed'),
      );
      expect(availableActions({ ...base, role, leaseDeed: leaseDeed('needs_revision') }).verifyLeaseDeed).toBe(false);
      expect(availableActions({ ...base, role, leaseDeed: leaseDeed('approved') }).recordPossession).toBe(
        can(role, 'record:possession'),
      );
      expect(availableActions({ ...base, role, leaseDeed: leaseDeed('approved'), possession }).recordPossession).toBe(
        false,
      );
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
