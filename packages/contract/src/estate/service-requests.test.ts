import { describe, expect, it } from 'vitest';
import { SERVICE_REQUEST_STATUSES, SERVICE_REQUEST_TYPES, type ServiceRequestStatus } from '../enums';
import { can } from '../permissions';
import { canOpenRoute, ROLES, type Role } from '../roles';
import {
  canReadAnyServiceRequest,
  canWorkServiceRequests,
  isFinalServiceRequestStatus,
  nextServiceRequestStatuses,
  SERVICE_REQUEST_REMARKS,
  SERVICE_REQUEST_TRANSITIONS,
  serviceRequestFee,
  serviceRequestMovesNow,
  serviceRequestNeedsApplication,
  serviceRequestRemarksProblem,
  serviceRequestTransitionProblem,
} from './service-requests';

// The lifecycle by hand, so a change to the table must be a deliberate one.
const ALLOWED: Array<[ServiceRequestStatus, ServiceRequestStatus]> = [
  ['submitted', 'in_progress'],
  ['submitted', 'rejected'],
  ['in_progress', 'approved'],
  ['in_progress', 'rejected'],
];

describe('service request lifecycle', () => {
  it('allows exactly submitted → in progress | rejected and in progress → approved | rejected', () => {
    for (const from of SERVICE_REQUEST_STATUSES) {
      for (const to of SERVICE_REQUEST_STATUSES) {
        const allowed = ALLOWED.some(([a, b]) => a === from && b === to);
        expect(serviceRequestTransitionProblem(from, to) === null, `${from} → ${to}`).toBe(allowed);
        expect(nextServiceRequestStatuses(from).includes(to)).toBe(allowed);
      }
    }
    expect(Object.keys(SERVICE_REQUEST_TRANSITIONS).sort()).toEqual([...SERVICE_REQUEST_STATUSES].sort());
  });

  it('offers only a rejection while the applicant still owes particulars (decision 021)', () => {
    expect(serviceRequestMovesNow('submitted', ['new_name'])).toEqual(['rejected']);
    expect(serviceRequestMovesNow('submitted', [])).toEqual(['in_progress', 'rejected']);
    expect(serviceRequestMovesNow('in_progress', undefined)).toEqual(['approved', 'rejected']);
  });

  it('treats approved and rejected as final', () => {
    expect(SERVICE_REQUEST_STATUSES.filter(isFinalServiceRequestStatus)).toEqual(['approved', 'rejected']);
  });

  it('explains a refused move in words', () => {
    expect(serviceRequestTransitionProblem('submitted', 'approved')).toBe(
      'A submitted request can only be moved to in progress or rejected, not approved',
    );
    expect(serviceRequestTransitionProblem('approved', 'rejected')).toBe(
      'The request is already approved and cannot be changed',
    );
    expect(serviceRequestTransitionProblem('in_progress', 'in_progress')).toBe('The request is already in progress');
  });
});

describe('service request remarks', () => {
  it('requires 5 to 2000 characters (trimmed) to reject', () => {
    expect(SERVICE_REQUEST_REMARKS).toEqual({ min: 5, max: 2000 });
    expect(serviceRequestRemarksProblem('rejected', undefined)).toMatch(/reason for rejecting/);
    expect(serviceRequestRemarksProblem('rejected', '  abc   ')).toMatch(/at least 5/);
    expect(serviceRequestRemarksProblem('rejected', 'Plot is mortgaged already')).toBeNull();
    expect(serviceRequestRemarksProblem('rejected', 'x'.repeat(2000))).toBeNull();
    expect(serviceRequestRemarksProblem('rejected', 'x'.repeat(2001))).toMatch(/at most 2000/);
  });

  it('keeps remarks optional on the other moves', () => {
    for (const to of ['in_progress', 'approved'] as const) {
      expect(serviceRequestRemarksProblem(to, null)).toBeNull();
      expect(serviceRequestRemarksProblem(to, 'ok')).toBeNull();
    }
  });
});

describe('who works service requests', () => {
  const WORK: Role[] = ['zonal_manager', 'ho', 'admin'];
  const READ: Role[] = ['zonal_manager', 'ho', 'legal', 'finance', 'admin'];

  it('lets zonal managers, head office and admin work them', () => {
    for (const role of ROLES) {
      expect(canWorkServiceRequests(role), role).toBe(WORK.includes(role));
      expect(can(role, 'work:service-request')).toBe(WORK.includes(role));
    }
  });

  it('lets zonal managers, head office, legal, finance and admin read every request', () => {
    for (const role of ROLES) expect(canReadAnyServiceRequest(role), role).toBe(READ.includes(role));
  });

  it('opens the officer queue and detail to exactly the readers, and every worker can read', () => {
    for (const role of ROLES) {
      expect(canOpenRoute(role, 'officerServiceRequests')).toBe(canReadAnyServiceRequest(role));
      expect(canOpenRoute(role, 'officerServiceRequestDetail')).toBe(canReadAnyServiceRequest(role));
      if (canWorkServiceRequests(role)) expect(canReadAnyServiceRequest(role)).toBe(true);
    }
  });
});

describe('service request fees', () => {
  it('bills each type from the fee table, and a fee needs an application', () => {
    for (const type of SERVICE_REQUEST_TYPES) {
      expect(serviceRequestNeedsApplication(type)).toBe(type !== 'withdrawal');
    }
    expect(serviceRequestFee('change_name')).toBe(5_900);
    expect(serviceRequestFee('transfer', 1_000_000)).toBe(100_000);
    expect(serviceRequestNeedsApplication('withdrawal')).toBe(false);
  });
});
