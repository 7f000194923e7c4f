import { describe, expect, it } from 'vitest';
import {
  addMonths,
  describeMilestone,
  ESTATE_TERMS,
  extendedDueOn,
  leaseEndsOn,
  milestoneDueOn,
  serviceFee,
  serviceEligibility,
  serviceRefusal,
  servicesAllowed,
  surrenderRefund,
  type Milestone,
  type OpenServiceRequest,
  type ServiceEligibilityFacts,
} from './estate';
import { SERVICE_REQUEST_TYPES } from '../enums';
import { serviceRequestFee } from './service-requests';

describe('allottee service fees for a plot valued at ₹10,00,000', () => {
  const valuation = 1_000_000;
  it('bills each service by its rule', () => {
    const fees = Object.fromEntries(SERVICE_REQUEST_TYPES.map((type) => [type, serviceFee(type, valuation)]));
    expect(fees).toEqual({
      change_name: 5_900,
      change_constitution: 11_800,
      transfer: 100_000,
      mortgage_noc: 5_900,
      subletting: 50_000,
      withdrawal: 0,
      activity_change: 11_800,
      eot: 20_000,
    });
  });
  it('rounds to paise and keeps the old name working', () => {
    expect(serviceFee('eot', 123_456.789)).toBe(2_469.14);
    expect(serviceRequestFee('change_name')).toBe(5_900);
    expect(serviceRequestFee('eot', valuation)).toBe(20_000);
  });
});

describe('dates of an allotment', () => {
  it('adds months, keeping the end of a month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-03-10', -3)).toBe('2025-12-10');
  });
  it('counts the lease and the milestones from possession', () => {
    expect(leaseEndsOn('2026-04-01')).toBe('2125-04-01');
    expect(milestoneDueOn('commence_construction', '2026-04-01')).toBe('2027-04-01');
    expect(milestoneDueOn('start_production', '2026-04-01')).toBe('2028-04-01');
    expect(extendedDueOn('2027-04-01')).toBe('2028-04-01');
  });
  it('reads a milestone on a day', () => {
    const row = { kind: 'commence_construction' as const, due_on: '2027-04-01', met_on: null, extensions: 1 };
    expect(describeMilestone(row, '2027-03-30')).toEqual({
      ...row,
      extensions_used: 1,
      extensions_left: 1,
      days_left: 2,
      late: false,
    });
    // An extension asked for and not yet in effect is counted as used (decision 020).
    expect(describeMilestone(row, '2027-03-30', 1)).toMatchObject({
      extensions: 1,
      extensions_used: 2,
      extensions_left: 0,
    });
    expect(describeMilestone(row, '2027-04-03')).toMatchObject({ days_left: -2, late: true });
    expect(describeMilestone({ ...row, met_on: '2026-09-01' }, '2030-01-01')).toMatchObject({
      days_left: null,
      late: false,
    });
  });
});

describe('which services an allotment allows', () => {
  const open: Milestone = {
    kind: 'commence_construction',
    due_on: '2027-04-01',
    met_on: null,
    extensions: 0,
    extensions_used: 0,
    extensions_left: 2,
    days_left: 100,
    late: false,
  };
  const production: Milestone = { ...open, kind: 'start_production', due_on: '2028-04-01' };
  const allotment = { status: 'active' as const, possession_date: '2026-04-01', milestones: [open, production] };

  it('allows an extension and a surrender after possession on an active allotment', () => {
    expect(serviceRefusal('eot', allotment, 'commence_construction')).toBeNull();
    expect(serviceRefusal('withdrawal', allotment)).toBeNull();
    expect(servicesAllowed(allotment)).toEqual(SERVICE_REQUEST_TYPES.slice());
  });
  it('refuses before possession, when not active, when met and at the limit', () => {
    const before = { status: 'active' as const, possession_date: null, milestones: [] };
    expect(serviceRefusal('eot', before, 'commence_construction')?.code).toBe('service_not_allowed');
    expect(serviceRefusal('withdrawal', before)?.code).toBe('service_not_allowed');
    expect(servicesAllowed(before)).not.toContain('eot');
    expect(serviceRefusal('withdrawal', { ...allotment, status: 'surrendered' })?.code).toBe('service_not_allowed');
    expect(servicesAllowed({ ...allotment, status: 'surrendered' })).toEqual([]);
    const met = { ...allotment, milestones: [{ ...open, met_on: '2026-05-01' }, production] };
    expect(serviceRefusal('eot', met, 'commence_construction')?.code).toBe('milestone_met');
    expect(serviceRefusal('eot', met, 'start_production')).toBeNull();
    const max = ESTATE_TERMS.maxExtensionsPerMilestone;
    const twice = { ...allotment, milestones: [{ ...open, extensions: max, extensions_used: max }] };
    expect(serviceRefusal('eot', twice, 'commence_construction')?.code).toBe('extension_limit');
    // One in effect and one asked for count as the two (decision 020).
    const asked = { ...allotment, milestones: [{ ...open, extensions: max - 1, extensions_used: max }] };
    expect(serviceRefusal('eot', asked, 'commence_construction')?.code).toBe('extension_limit');
    const once = { ...allotment, milestones: [{ ...open, extensions: max - 1, extensions_used: max - 1 }] };
    expect(serviceRefusal('eot', once, 'commence_construction')).toBeNull();
  });
});

describe('one open request per thing and eligibility before the form (decision 020)', () => {
  const open: Milestone = {
    kind: 'commence_construction',
    due_on: '2027-04-01',
    met_on: null,
    extensions: 0,
    extensions_used: 1,
    extensions_left: 1,
    days_left: 100,
    late: false,
  };
  const production: Milestone = { ...open, kind: 'start_production', extensions_used: 0, extensions_left: 2 };
  const request: OpenServiceRequest = {
    id: '00000000-0000-4000-8000-000000000001',
    request_number: 'SR-2026-000001',
    request_type: 'eot',
    milestone: 'commence_construction',
    status: 'submitted',
    submitted_at: '2026-11-01T10:00:00.000Z',
    invoice_id: null,
  };
  const facts: ServiceEligibilityFacts = {
    status: 'active',
    possession_date: '2026-04-01',
    milestones: [open, production],
    open_requests: [request],
  };

  it('refuses a second extension of the same milestone, naming the open request, and allows the other', () => {
    expect(serviceRefusal('eot', facts, 'commence_construction')).toEqual({
      code: 'service_request_open',
      params: { request_number: 'SR-2026-000001', status: 'submitted' },
    });
    expect(serviceRefusal('eot', facts, 'start_production')).toBeNull();
    const rows = serviceEligibility(facts).filter((row) => row.request_type === 'eot');
    expect(rows.map((row) => [row.milestone, row.allowed, row.open_request?.request_number ?? null])).toEqual([
      ['commence_construction', false, 'SR-2026-000001'],
      ['start_production', true, null],
    ]);
  });

  it('lets only overdue dues refuse a transfer, a subletting or a mortgage NOC, with the amount', () => {
    const owing = { ...facts, overdue_dues: 6131.6 };
    for (const type of ['transfer', 'subletting', 'mortgage_noc'] as const) {
      expect(serviceRefusal(type, owing)).toEqual({ code: 'unpaid_dues', params: { amount: '6131.60' } });
      expect(serviceRefusal(type, facts)).toBeNull();
    }
    expect(serviceRefusal('change_name', owing)).toBeNull();
    expect(servicesAllowed(owing)).not.toContain('transfer');
    expect(servicesAllowed(owing)).toContain('eot');
  });

  it('answers every service once, an extension once per milestone', () => {
    const rows = serviceEligibility({ ...facts, open_requests: [] });
    expect(rows).toHaveLength(SERVICE_REQUEST_TYPES.length + 1);
    expect(rows.every((row) => row.allowed && row.refusal === null)).toBe(true);
  });
});

describe('surrender refund', () => {
  it('keeps 10% of the premium paid', () => {
    // A ₹10,00,000 plot with its first premium instalment (25%) paid: ₹2,50,000 less ₹25,000 forfeited.
    expect(surrenderRefund(250_000)).toBe(225_000);
    expect(surrenderRefund(0)).toBe(0);
    // Unpaid dues (an unpaid service fee of ₹5,900) are set off against it, down to nothing.
    expect(surrenderRefund(250_000, 5_900)).toBe(219_100);
    expect(surrenderRefund(10_000, 50_000)).toBe(0);
  });
});
