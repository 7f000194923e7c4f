import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../enums';
import {
  APPLICATION_EVENT_NAMES,
  APPLICATION_EVENTS,
  APPLICATION_LIFECYCLE,
  eventsOffered,
  manualEventFor,
  mayFire,
  NO_CASE_FACTS,
  statusesWaitingOn,
  STATUSES_WAITING_ON,
  waitingOnOf,
  type CaseFacts,
} from './lifecycle';
import { ROLES } from '../roles';
import { MANUAL_TRANSITIONS } from './workflow';

describe('the lifecycle table', () => {
  it('keeps the spec manual transitions exactly (section 4)', () => {
    expect(MANUAL_TRANSITIONS).toEqual({
      submitted: ['under_scrutiny', 'rejected'],
      under_scrutiny: ['pending_committee', 'rejected'],
      pending_committee: ['approved', 'rejected', 'under_scrutiny'],
      approved: ['pending_payment'],
      possession_given: ['under_implementation', 'completed'],
      under_implementation: ['completed'],
    });
  });

  it('reaches every status but draft from some event, and leaves every non-final status by some event', () => {
    const reached = new Set<string>(APPLICATION_EVENT_NAMES.flatMap((name) => [...APPLICATION_EVENTS[name].to]));
    expect(APPLICATION_STATUSES.filter((status) => status !== 'draft' && !reached.has(status))).toEqual([]);
    const ordinary = APPLICATION_EVENT_NAMES.filter((name) => !('reopens' in APPLICATION_EVENTS[name]));
    const left = new Set<string>(ordinary.flatMap((name) => [...APPLICATION_EVENTS[name].from]));
    expect(APPLICATION_STATUSES.filter((status) => !left.has(status))).toEqual(['rejected', 'completed', 'withdrawn']);
    // The one way back from a decision: an appeal allowed by the head office returns a rejection to scrutiny.
    expect(APPLICATION_EVENT_NAMES.filter((name) => 'reopens' in APPLICATION_EVENTS[name])).toEqual(['appeal_allowed']);
    expect(APPLICATION_EVENTS.appeal_allowed).toMatchObject({ from: ['rejected'], to: ['under_scrutiny'] });
    expect(mayFire('appeal_allowed', 'ho', false)).toBe(true);
    expect(mayFire('appeal_allowed', 'admin', false)).toBe(false);
  });

  it('lets only the owner submit and upload the lease deed, and nobody fire what the portal does itself', () => {
    expect(mayFire('submit', 'entrepreneur', true)).toBe(true);
    expect(mayFire('submit', 'entrepreneur', false)).toBe(false);
    expect(mayFire('submit', 'admin', false)).toBe(false);
    expect(mayFire('verify_payment', 'admin', false)).toBe(false);
    expect(mayFire('record_committee_note', 'zonal_manager', false)).toBe(false);
    expect(mayFire('record_committee_note', 'committee', false)).toBe(true);
  });

  it('lets only the owner withdraw, from submission until allotment and never from a draft', () => {
    expect(mayFire('withdraw', 'entrepreneur', true)).toBe(true);
    expect(mayFire('withdraw', 'entrepreneur', false)).toBe(false);
    expect(mayFire('withdraw', 'admin', false)).toBe(false);
    expect(APPLICATION_EVENTS.withdraw.from).toEqual([
      'submitted',
      'under_scrutiny',
      'pending_committee',
      'approved',
      'pending_payment',
      'payment_verified',
    ]);
    expect(APPLICATION_EVENTS.withdraw.to).toEqual(['withdrawn']);
    expect(eventsOffered('pending_payment', 'entrepreneur', true)).toEqual(['withdraw']);
    expect(eventsOffered('draft', 'entrepreneur', true)).toEqual(['submit']);
    expect(eventsOffered('provisional_allotment', 'entrepreneur', true)).toEqual(['submit_lease_deed']);
  });

  it('offers each user the events of the status they may fire', () => {
    expect(eventsOffered('pending_committee', 'committee', false)).toEqual([
      'approve',
      'reject',
      'return_to_scrutiny',
      'record_committee_note',
    ]);
    expect(eventsOffered('pending_committee', 'legal', false)).toEqual([]);
    expect(eventsOffered('provisional_allotment', 'entrepreneur', true)).toEqual(['submit_lease_deed']);
    expect(manualEventFor('under_scrutiny', 'pending_committee')).toBe('refer_to_committee');
    expect(manualEventFor('approved', 'provisional_allotment')).toBeUndefined();
  });
});

describe('whom an application waits on (waitingOnOf)', () => {
  const on = (status: ApplicationStatus, facts: Partial<CaseFacts> = {}) =>
    waitingOnOf(status, { ...NO_CASE_FACTS, unpaidInvoices: 1, ...facts });

  it('names the one role each status waits on when nothing else is pending', () => {
    expect(Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, on(status)]))).toEqual({
      draft: 'entrepreneur',
      submitted: 'zonal_manager',
      under_scrutiny: 'zonal_manager',
      pending_committee: 'committee',
      approved: 'ho',
      rejected: null,
      pending_payment: 'entrepreneur',
      payment_verified: 'ho',
      provisional_allotment: 'entrepreneur',
      lease_submitted: 'zonal_manager',
      final_allotment: 'entrepreneur',
      possession_given: null,
      under_implementation: null,
      completed: null,
      withdrawn: null,
    });
  });

  it('waits on the applicant while a query is open, in every status with a clock, and on nobody once decided', () => {
    expect(on('under_scrutiny', { openQuery: true })).toBe('entrepreneur');
    expect(on('pending_committee', { openQuery: true })).toBe('entrepreneur');
    expect(on('lease_submitted', { openQuery: true })).toBe('entrepreneur');
    expect(on('rejected', { openQuery: true })).toBeNull();
    expect(on('completed', { openQuery: true })).toBeNull();
  });

  it('waits on the applicant for documents to fix only where the applicant may upload', () => {
    expect(on('submitted', { documentsToFix: true })).toBe('entrepreneur');
    expect(on('pending_committee', { documentsToFix: true })).toBe('entrepreneur');
    expect(on('approved', { documentsToFix: true })).toBe('ho');
    expect(on('lease_submitted', { documentsToFix: true })).toBe('zonal_manager');
  });

  it('follows the lease deed: in review an officer, approved at final allotment possession, else the applicant', () => {
    expect(on('lease_submitted', { leaseDeed: 'pending' })).toBe('zonal_manager');
    expect(on('provisional_allotment', { leaseDeed: 'rejected' })).toBe('entrepreneur');
    expect(on('provisional_allotment', { leaseDeed: 'approved' })).toBe('entrepreneur');
    expect(on('final_allotment', { leaseDeed: 'approved' })).toBe('zonal_manager');
    expect(on('final_allotment', { leaseDeed: 'needs_revision' })).toBe('entrepreneur');
    expect(on('final_allotment', { leaseDeed: undefined })).toBe('entrepreneur');
  });

  it('lists the statuses that wait on a role', () => {
    expect(statusesWaitingOn('committee')).toEqual(['pending_committee']);
    expect(statusesWaitingOn('ho')).toEqual(['approved', 'payment_verified']);
  });

  it('waits on nobody once every invoice is paid: the portal verifies the payment itself', () => {
    expect(on('pending_payment', { unpaidInvoices: 2 })).toBe('entrepreneur');
    expect(on('pending_payment', { unpaidInvoices: 0 })).toBeNull();
  });

  it('declares for each status a role that may fire the event it waits for (or the portal fires it)', () => {
    for (const status of APPLICATION_STATUSES) {
      for (const wait of APPLICATION_LIFECYCLE.statuses[status].waits) {
        const event = APPLICATION_EVENTS[wait.event];
        expect(event.from, `${status}: ${wait.event}`).toContain(status);
        if (wait.on && event.by.kind !== 'system') expect(mayFire(wait.event, wait.on, true), status).toBe(true);
      }
    }
  });

  it('declares one map of whose move each status awaits, per role: the committee waits at pending committee', () => {
    expect(STATUSES_WAITING_ON).toEqual({
      entrepreneur: ['draft', 'pending_payment', 'provisional_allotment', 'final_allotment'],
      zonal_manager: ['submitted', 'under_scrutiny', 'lease_submitted', 'final_allotment'],
      ho: ['approved', 'payment_verified'],
      committee: ['pending_committee'],
      legal: [],
      finance: [],
      admin: [],
    });
    // Every status a role is waited on in, with nothing else pending, is the one waitingOnOf names.
    for (const role of ROLES) {
      for (const status of STATUSES_WAITING_ON[role]) {
        const facts = { ...NO_CASE_FACTS, unpaidInvoices: 1, leaseDeed: role === 'zonal_manager' ? 'approved' : null };
        expect(waitingOnOf(status, facts as CaseFacts), `${status} waits on ${role}`).toBe(role);
      }
    }
  });
});
