import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, type Permission } from './permissions';
import { ROLES, type Role } from './roles';

// Section 6 of the spec, by hand.
const EXPECTED: Partial<Record<Permission, Role[]>> = {
  'schedule:meeting': ['zonal_manager', 'ho', 'admin'],
  'verify:lease-deed': ['zonal_manager', 'ho', 'admin'],
  'record:possession': ['zonal_manager', 'ho', 'admin'],
  'record:decision': ['committee', 'ho', 'admin'],
  'create:allotment': ['committee', 'ho', 'admin'],
  'manage:meetings': ['committee', 'ho', 'admin'],
  'update:application:status': ['zonal_manager', 'ho', 'committee', 'admin'],
  'manage:assets': ['ho', 'admin'],
  'read:reports': ['zonal_manager', 'ho', 'finance', 'admin'],
  'pay:invoice:own': ['entrepreneur'],
  'submit:application:own': ['entrepreneur'],
  'upload:lease-deed:own': ['entrepreneur'],
};

describe('permissions', () => {
  for (const [permission, roles] of Object.entries(EXPECTED) as [Permission, Role[]][]) {
    it(`${permission} belongs to exactly ${roles.join(', ')}`, () => {
      for (const role of ROLES) expect(can(role, permission)).toBe(roles.includes(role));
    });
  }

  it('gives legal nothing that changes state', () => {
    const changing = (Object.keys(PERMISSIONS) as Permission[]).filter((permission) => !permission.startsWith('read:'));
    expect(changing.filter((permission) => can('legal', permission))).toEqual([]);
  });
});
