import { describe, expect, it } from 'vitest';
import { businessCalendar } from '../time/business-calendar';
import {
  DEADLINE_RULES,
  deadlineRuleOf,
  deadlineRules,
  DEEMABLE_MOVES,
  isPastDeadline,
  LADDER_RANK,
  latestDueDatePast,
  NEVER_DEEMED_EVENTS,
} from './deadlines';
import { APPLICATION_EVENTS, APPLICATION_LIFECYCLE, type Lifecycle } from '../applications/lifecycle';
import { SERVICE_TARGETS } from './service-clock';

const calendar = businessCalendar('Asia/Kolkata', ['2026-11-25']);

describe('the escalation ladder', () => {
  it('has a rule for every officer-waiting stage with a clock, and none for the applicant', () => {
    const keys = DEADLINE_RULES.map((rule) => `${rule.status}:${rule.waitingOn}`).sort();
    expect(keys).toEqual(
      [
        'approved:ho',
        'final_allotment:zonal_manager',
        'lease_submitted:zonal_manager',
        'payment_verified:ho',
        'pending_committee:committee',
        'submitted:zonal_manager',
        'under_scrutiny:zonal_manager',
      ].sort(),
    );
    expect(DEADLINE_RULES.some((rule) => (rule.waitingOn as string) === 'entrepreneur')).toBe(false);
    expect(deadlineRuleOf('provisional_allotment', 'entrepreneur')).toBeUndefined();
    expect(deadlineRuleOf('pending_payment', 'entrepreneur')).toBeUndefined();
    expect(deadlineRuleOf('final_allotment', 'entrepreneur')).toBeUndefined();
  });

  it('escalates every stage up a level: zonal manager to head office, head office to the administrator', () => {
    for (const rule of DEADLINE_RULES) {
      expect(LADDER_RANK[rule.escalateTo], `${rule.status}`).toBeGreaterThan(LADDER_RANK[rule.waitingOn]);
    }
    expect(deadlineRuleOf('submitted', 'zonal_manager')?.escalateTo).toBe('ho');
    expect(deadlineRuleOf('under_scrutiny', 'zonal_manager')?.escalateTo).toBe('ho');
    expect(deadlineRuleOf('approved', 'ho')?.escalateTo).toBe('admin');
    expect(deadlineRuleOf('pending_committee', 'committee')?.escalateTo).toBe('admin');
  });

  it("escalates after the stage's own target, read from the lifecycle table", () => {
    for (const rule of DEADLINE_RULES) {
      expect(rule.workingDays).toBe(APPLICATION_LIFECYCLE.statuses[rule.status].workingDays);
    }
    expect(deadlineRuleOf('submitted', 'zonal_manager')?.workingDays).toBe(SERVICE_TARGETS.submitted?.workingDays);
  });

  it('deems only starting scrutiny and the lease deed verification, 15 working days after the due date', () => {
    const deemable = DEADLINE_RULES.filter((rule) => rule.deemed).map((rule) => [rule.status, rule.deemed]);
    expect(deemable).toEqual([
      ['submitted', { event: 'start_scrutiny', afterWorkingDays: 15 }],
      ['lease_submitted', { event: 'approve_lease_deed', afterWorkingDays: 15 }],
    ]);
    // Each deemed move leaves the stage it deems, and deeming comes after escalating.
    for (const rule of DEADLINE_RULES) {
      if (!rule.deemed) continue;
      expect(APPLICATION_EVENTS[rule.deemed.event].from).toContain(rule.status);
      expect(rule.deemed.afterWorkingDays).toBeGreaterThan(rule.workingDays);
    }
  });

  it('never deems a committee decision, an allotment or a cancellation', () => {
    const deemedEvents = DEADLINE_RULES.flatMap((rule) => (rule.deemed ? [rule.deemed.event] : []));
    for (const event of NEVER_DEEMED_EVENTS) expect(deemedEvents).not.toContain(event);
    expect(Object.values(DEEMABLE_MOVES)).not.toContain('approve');
    expect(deadlineRuleOf('pending_committee', 'committee')?.deemed).toBeNull();
    expect(deadlineRuleOf('payment_verified', 'ho')?.deemed).toBeNull();
    expect(deadlineRuleOf('approved', 'ho')?.deemed).toBeNull();
    // No rule deems a move into rejection or withdrawal (a cancellation of the case).
    for (const rule of DEADLINE_RULES) {
      if (!rule.deemed) continue;
      expect(APPLICATION_EVENTS[rule.deemed.event].to).not.toContain('rejected');
      expect(APPLICATION_EVENTS[rule.deemed.event].to).not.toContain('withdrawn');
    }
  });

  it('follows the table: a stage that waits on the applicant instead is taken off the ladder', () => {
    const changed: Lifecycle = {
      ...APPLICATION_LIFECYCLE,
      statuses: {
        ...APPLICATION_LIFECYCLE.statuses,
        submitted: { workingDays: 3, waits: [{ event: 'start_scrutiny', on: 'entrepreneur' }] },
      },
    };
    expect(deadlineRules(changed).some((rule) => rule.status === 'submitted')).toBe(false);
  });
});

describe('deadline points', () => {
  it('is past on the working day after due date + N working days, skipping weekends and holidays', () => {
    // Due Thu 19 Nov 2026; 3 working days later: Fri 20, Mon 23, Tue 24 -> past from Wed 25 (a holiday) on.
    expect(isPastDeadline('2026-11-19', 3, '2026-11-24', calendar)).toBe(false);
    expect(isPastDeadline('2026-11-19', 3, '2026-11-25', calendar)).toBe(true);
  });

  it('finds the latest due date already past, so a sweep reads one range of the index', () => {
    for (const today of ['2026-11-23', '2026-11-25', '2026-11-28', '2026-12-01']) {
      for (const days of [3, 7, 15, 30]) {
        const latest = latestDueDatePast(days, today, calendar);
        expect(isPastDeadline(latest, days, today, calendar)).toBe(true);
        const next = new Date(`${latest}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        expect(isPastDeadline(next.toISOString().slice(0, 10), days, today, calendar)).toBe(false);
      }
    }
  });
});
