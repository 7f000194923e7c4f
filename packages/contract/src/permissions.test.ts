import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type Permission } from './permissions';
import { ROLES, type Role } from './roles';

const STAFF: Role[] = ['zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'];

// Every permission, by hand: section 6 of the spec and the product decisions (sections 3 to 6), and the decision
// records for what they are silent on (queries and notes 008, audit 009, outbox 011, issued documents 012).
const EXPECTED: Record<Permission, Role[]> = {
  // Competitive allotment (product decisions 12, decision 018).
  'manage:schemes': ['ho', 'admin'],
  'read:schemes': STAFF,
  'bid:auction:own': ['entrepreneur'],
  'create:application:own': ['entrepreneur'],
  'submit:application:own': ['entrepreneur'],
  'pay:invoice:own': ['entrepreneur'],
  'upload:lease-deed:own': ['entrepreneur'],
  'manage:profile:own': ['entrepreneur'],
  'manage:service-request:own': ['entrepreneur'],
  'answer:query:own': ['entrepreneur'],
  // The officer application list and detail (spec 2), with the applicant, payments and allotment tabs.
  'read:application:any': STAFF,
  'read:applicant:any': STAFF,
  'read:allotments:any': STAFF,
  'read:finance': STAFF,
  // "GET /api/users lists users for officers" (product decisions 3).
  'read:users': STAFF,
  'update:application:status': ['zonal_manager', 'ho', 'committee', 'admin'],
  'verify:document': ['zonal_manager', 'ho', 'committee', 'admin'],
  'add:internal-note': ['zonal_manager', 'ho', 'committee', 'admin'],
  'schedule:meeting': ['zonal_manager', 'ho', 'admin'],
  'verify:lease-deed': ['zonal_manager', 'ho', 'admin'],
  'record:possession': ['zonal_manager', 'ho', 'admin'],
  'record:decision': ['committee', 'ho', 'admin'],
  'create:allotment': ['committee', 'ho', 'admin'],
  'manage:meetings': ['committee', 'ho', 'admin'],
  'manage:assets': ['ho', 'admin'],
  'read:reports': ['zonal_manager', 'ho', 'finance', 'admin'],
  'read:pendency': ['zonal_manager', 'ho', 'committee', 'legal', 'admin'],
  'work:service-request': ['zonal_manager', 'ho', 'admin'],
  'read:service-request:any': ['zonal_manager', 'ho', 'legal', 'finance', 'admin'],
  'manage:users': ['admin'],
  'read:audit': ['admin'],
  'read:outbox': ['admin'],
  'manage:outbox': ['admin'],
  // One's own mobile and SMS choices (037).
  'manage:mobile:own': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  // The single window's status pushes (decision 036): finance watches what leaves the portal, with the admins.
  'read:single-window-outbox': ['finance', 'admin'],
  'manage:single-window-outbox': ['finance', 'admin'],
  'manage:clock': ['admin'],
  'revoke:issued-document': ['admin'],
  // Cancellation for non-compliance (product decisions 9): the officers who work the allotment's services.
  'issue:show-cause': ['zonal_manager', 'ho', 'admin'],
  // The holder answers the notice; nobody answers for them.
  'reply:show-cause:own': ['entrepreneur'],
  // Money: finance makes, another finance user or an admin checks; only the applicant withdraws or asks a challan.
  'withdraw:application:own': ['entrepreneur'],
  'raise:challan:own': ['entrepreneur'],
  'import:bank-statement': ['finance'],
  'verify:bank-details': ['finance'],
  'prepare:finance-action': ['finance'],
  'approve:finance-action': ['finance', 'admin'],
  'pay:refund': ['finance'],
  // Grievances (decision 038): anyone signed in raises their own; the officers they are routed to work them.
  'raise:grievance:own': ['entrepreneur', 'zonal_manager', 'ho', 'committee', 'legal', 'finance', 'admin'],
  'work:grievance': ['zonal_manager', 'ho', 'finance', 'admin'],
  // Appeals go to the head office (product decisions section 11); admins read them.
  'file:appeal:own': ['entrepreneur'],
  'read:appeals': ['ho', 'admin'],
  'decide:appeal': ['ho'],
};

describe('permissions', () => {
  it('are exactly the ones written out here', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [permission, roles] of Object.entries(EXPECTED) as [Permission, Role[]][]) {
    it(`${permission} belongs to exactly ${roles.join(', ')}`, () => {
      expect(ROLES.filter((role) => can(role, permission)).sort()).toEqual([...roles].sort());
    });
  }

  it('gives legal nothing that changes state', () => {
    // What one does on one's own account (a grievance of one's own) changes no case of the corporation's.
    const changing = (Object.keys(PERMISSIONS) as Permission[]).filter(
      (permission) => !permission.startsWith('read:') && !permission.endsWith(':own'),
    );
    expect(changing.filter((permission) => can('legal', permission))).toEqual([]);
  });
});
