import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from './enums';
import { APPLICATION_EVENT_NAMES, APPLICATION_EVENTS, eventsOffered, manualEventFor, mayFire } from './lifecycle';
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
    const left = new Set<string>(APPLICATION_EVENT_NAMES.flatMap((name) => [...APPLICATION_EVENTS[name].from]));
    expect(APPLICATION_STATUSES.filter((status) => !left.has(status))).toEqual(['rejected', 'completed']);
  });

  it('lets only the owner submit and upload the lease deed, and nobody fire what the portal does itself', () => {
    expect(mayFire('submit', 'entrepreneur', true)).toBe(true);
    expect(mayFire('submit', 'entrepreneur', false)).toBe(false);
    expect(mayFire('submit', 'admin', false)).toBe(false);
    expect(mayFire('verify_payment', 'admin', false)).toBe(false);
    expect(mayFire('record_committee_note', 'zonal_manager', false)).toBe(false);
    expect(mayFire('record_committee_note', 'committee', false)).toBe(true);
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
