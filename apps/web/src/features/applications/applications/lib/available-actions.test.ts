// Which actions the detail screen offers, for every role and every status, against expectations written out by hand
// from the spec (section 4's manual table and Other transitions, section 6's roles) and product decisions 5, not
// rebuilt from the contract's tables the code reads.
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_LIFECYCLE,
  APPLICATION_STATUSES,
  ROLES,
  type ApplicationStatus,
  type Lifecycle,
  type Role,
} from '@portal/contract';
import { allotment, application, leaseDeed, possession } from '../test/officer-fixtures';
import { availableActions, statusTargets, type AvailableActions } from './available-actions';

const ALL_ROLES: Role[] = ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'];

const ALL_STATUSES: ApplicationStatus[] = [
  'draft',
  'submitted',
  'under_scrutiny',
  'pending_committee',
  'approved',
  'rejected',
  'pending_payment',
  'payment_verified',
  'provisional_allotment',
  'lease_submitted',
  'final_allotment',
  'possession_given',
  'under_implementation',
  'completed',
  'withdrawn',
];

/** Spec section 4, "Manual transitions offered to officers through Update Status", in the spec's order. */
const UPDATE_STATUS_TARGETS: Partial<Record<ApplicationStatus, ApplicationStatus[]>> = {
  submitted: ['under_scrutiny', 'rejected'],
  under_scrutiny: ['pending_committee', 'rejected'],
  pending_committee: ['approved', 'rejected', 'under_scrutiny'],
  approved: ['pending_payment'],
  possession_given: ['under_implementation', 'completed'],
  under_implementation: ['completed'],
};

/** The statuses the table above starts from: Update Status offers a change there. */
const WITH_CHANGES: ApplicationStatus[] = [
  'submitted',
  'under_scrutiny',
  'pending_committee',
  'approved',
  'possession_given',
  'under_implementation',
];
/** Every other status: a role that may update status is told "none available". The spec names four
 * (payment_verified, provisional_allotment, lease_submitted, final_allotment, which move by other means); draft,
 * rejected, pending_payment and completed are in no row of its table either, nor withdrawn (beyond the spec). */
const NONE_AVAILABLE: ApplicationStatus[] = [
  'draft',
  'rejected',
  'pending_payment',
  'payment_verified',
  'provisional_allotment',
  'lease_submitted',
  'final_allotment',
  'completed',
  'withdrawn',
];

type Offered = Record<keyof AvailableActions, ApplicationStatus[]>;

const NOTHING: Offered = {
  updateStatus: [],
  updateStatusNoneAvailable: [],
  committeeDecision: [],
  scheduleMeeting: [],
  raiseQuery: [],
  createAllotment: [],
  verifyLeaseDeed: [],
  recordPossession: [],
};

/** Where each action is offered, role by role, with no allotment, lease deed or possession yet. Update Status is
 * zonal_manager, ho, committee and admin's (spec 6); the committee decision is committee, ho and admin's in
 * pending_committee (spec 4); Schedule meeting is zonal_manager, ho and admin's in under_scrutiny (spec 4, 6); Create
 * Allotment is committee, ho and admin's in approved, and in payment_verified (product decisions 5); a query is raised
 * by whoever may update status, while the case is under scrutiny or before the committee (decision record 008).
 * Legal and finance only read (spec 6). */
const OFFERED: Record<Role, Offered> = {
  entrepreneur: NOTHING,
  zonal_manager: {
    ...NOTHING,
    updateStatus: WITH_CHANGES,
    updateStatusNoneAvailable: NONE_AVAILABLE,
    scheduleMeeting: ['under_scrutiny'],
    raiseQuery: ['under_scrutiny', 'pending_committee'],
  },
  ho: {
    ...NOTHING,
    updateStatus: WITH_CHANGES,
    updateStatusNoneAvailable: NONE_AVAILABLE,
    committeeDecision: ['pending_committee'],
    scheduleMeeting: ['under_scrutiny'],
    raiseQuery: ['under_scrutiny', 'pending_committee'],
    createAllotment: ['approved', 'payment_verified'],
  },
  committee: {
    ...NOTHING,
    updateStatus: WITH_CHANGES,
    updateStatusNoneAvailable: NONE_AVAILABLE,
    committeeDecision: ['pending_committee'],
    raiseQuery: ['under_scrutiny', 'pending_committee'],
    createAllotment: ['approved', 'payment_verified'],
  },
  legal: NOTHING,
  finance: NOTHING,
  admin: {
    ...NOTHING,
    updateStatus: WITH_CHANGES,
    updateStatusNoneAvailable: NONE_AVAILABLE,
    committeeDecision: ['pending_committee'],
    scheduleMeeting: ['under_scrutiny'],
    raiseQuery: ['under_scrutiny', 'pending_committee'],
    createAllotment: ['approved', 'payment_verified'],
  },
};

const actionsFor = (role: Role, status: ApplicationStatus) =>
  availableActions({ role, application: application(status), allotment: null, leaseDeed: null, possession: null });

describe('available officer actions', () => {
  it('knows every role and every status of the contract', () => {
    expect([...ROLES].sort()).toEqual([...ALL_ROLES].sort());
    expect([...APPLICATION_STATUSES].sort()).toEqual([...ALL_STATUSES].sort());
  });

  it.each(ALL_ROLES)('offers %s each action in exactly the statuses written out', (role) => {
    const offered = Object.fromEntries(
      (Object.keys(NOTHING) as (keyof AvailableActions)[]).map((action) => [
        action,
        ALL_STATUSES.filter((status) => actionsFor(role, status)[action]),
      ]),
    );
    expect(offered).toEqual(OFFERED[role]);
  });

  it('offers in Update Status exactly the spec table’s targets, to the roles that may update status, less the committee decision’s', () => {
    for (const role of ALL_ROLES) {
      for (const status of ALL_STATUSES) {
        const mayUpdate = ['zonal_manager', 'ho', 'committee', 'admin'].includes(role);
        // Who records the committee's decision approves or rejects through it alone: Update Status keeps the return.
        const decides = ['ho', 'committee', 'admin'].includes(role) && status === 'pending_committee';
        const expected = !mayUpdate ? [] : decides ? ['under_scrutiny'] : (UPDATE_STATUS_TARGETS[status] ?? []);
        expect(statusTargets(status, role), `${role} on ${status}`).toEqual(expected);
      }
    }
  });

  it('shows none available for exactly the statuses with no row in the spec’s table, the spec’s four among them', () => {
    const none = ALL_STATUSES.filter((status) => actionsFor('ho', status).updateStatusNoneAvailable);
    expect(none).toEqual([
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
  });

  it('offers lease deed verification only for a pending deed, and possession only after approval and only once', () => {
    const submitted = { application: application('lease_submitted'), allotment, possession: null };
    const final = { application: application('final_allotment'), allotment, possession: null };
    const rolesWhere = (offered: (role: Role) => boolean) => ALL_ROLES.filter(offered);
    // Spec 4 and 6: zonal_manager, ho and admin verify the lease deed and record possession.
    expect(
      rolesWhere((role) => availableActions({ ...submitted, role, leaseDeed: leaseDeed('pending') }).verifyLeaseDeed),
    ).toEqual(['zonal_manager', 'ho', 'admin']);
    expect(
      rolesWhere(
        (role) => availableActions({ ...submitted, role, leaseDeed: leaseDeed('needs_revision') }).verifyLeaseDeed,
      ),
    ).toEqual([]);
    expect(
      rolesWhere((role) => availableActions({ ...final, role, leaseDeed: leaseDeed('approved') }).recordPossession),
    ).toEqual(['zonal_manager', 'ho', 'admin']);
    expect(
      rolesWhere(
        (role) => availableActions({ ...final, role, leaseDeed: leaseDeed('approved'), possession }).recordPossession,
      ),
    ).toEqual([]);
    // Possession follows the final allotment, not the deed alone.
    expect(
      rolesWhere((role) => availableActions({ ...submitted, role, leaseDeed: leaseDeed('approved') }).recordPossession),
    ).toEqual([]);
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

  it('follows a changed copy of the lifecycle table', () => {
    const table = JSON.parse(JSON.stringify(APPLICATION_LIFECYCLE)) as Lifecycle;
    table.actions.raise_query.in = ['submitted'];
    table.actions.schedule_meeting.in = ['pending_committee'];
    table.events.allot.from = ['payment_verified'];
    table.events.start_scrutiny.to = ['pending_committee'];
    const offered = (status: ApplicationStatus) =>
      availableActions(
        { role: 'ho', application: application(status), allotment: null, leaseDeed: null, possession: null },
        table,
      );
    expect(offered('submitted')).toMatchObject({ raiseQuery: true, scheduleMeeting: false });
    expect(offered('under_scrutiny')).toMatchObject({ raiseQuery: false, scheduleMeeting: false });
    expect(offered('pending_committee')).toMatchObject({ raiseQuery: false, scheduleMeeting: true });
    expect(offered('approved').createAllotment).toBe(false);
    expect(offered('payment_verified').createAllotment).toBe(true);
    expect(statusTargets('submitted', 'ho', table)).toEqual(['pending_committee', 'rejected']);
  });
});
