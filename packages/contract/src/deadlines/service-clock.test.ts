import { describe, expect, it } from 'vitest';
import { businessCalendar } from '../time/business-calendar';
import { APPLICATION_LIFECYCLE, type Lifecycle } from '../applications/lifecycle';
import { clockView, resumeStageClock, SERVICE_TARGETS, stageTarget, startStageClock } from './service-clock';

// Friday 20 Nov 2026, 10:00 IST.
const FRIDAY = new Date('2026-11-20T04:30:00Z');
const calendar = businessCalendar('Asia/Kolkata', ['2026-11-25']);

describe('service clocks', () => {
  it('starts a stage with its target in working days, skipping weekends and holidays', () => {
    // Submitted: 3 working days from Friday = Mon 23, Tue 24, (Wed 25 holiday) Thu 26.
    expect(startStageClock('submitted', FRIDAY, {}, calendar)).toMatchObject({
      waitingOn: 'zonal_manager',
      stageDueOn: '2026-11-26',
    });
    // A draft has no clock, yet waits on its applicant (waitingOnOf).
    expect(startStageClock('draft', FRIDAY, {}, calendar)).toMatchObject({
      waitingOn: 'entrepreneur',
      stageDueOn: null,
    });
    expect(startStageClock('completed', FRIDAY, {}, calendar).stageDueOn).toBeNull();
  });

  it('reads the day in the business zone: 23:59 and 00:01 IST start on different days', () => {
    const lateFriday = new Date('2026-11-20T18:29:00Z'); // 23:59 Friday IST
    const earlySaturday = new Date('2026-11-20T18:31:00Z'); // 00:01 Saturday IST
    expect(startStageClock('approved', lateFriday).stageDueOn).toBe('2026-12-01'); // 7 working days from Fri
    expect(startStageClock('approved', earlySaturday).stageDueOn).toBe('2026-12-02'); // Saturday: counts from Monday
    expect(startStageClock('submitted', lateFriday).stageDueOn).toBe('2026-11-25');
  });

  it('waits on the applicant at final allotment until the lease deed is approved, then on an officer', () => {
    expect(stageTarget('final_allotment')?.waitingOn).toBe('entrepreneur');
    expect(stageTarget('final_allotment', { leaseDeedApproved: true })?.waitingOn).toBe('zonal_manager');
    expect(stageTarget('final_allotment', { leaseDeed: 'approved' })).toEqual({
      workingDays: 30,
      waitingOn: 'zonal_manager',
    });
  });

  it('reads each target and whom it waits on from the lifecycle table', () => {
    expect(SERVICE_TARGETS).toEqual({
      submitted: { workingDays: 3, waitingOn: 'zonal_manager' },
      under_scrutiny: { workingDays: 15, waitingOn: 'zonal_manager' },
      pending_committee: { workingDays: 30, waitingOn: 'committee' },
      approved: { workingDays: 7, waitingOn: 'ho' },
      pending_payment: { workingDays: 30, waitingOn: 'entrepreneur' },
      payment_verified: { workingDays: 7, waitingOn: 'ho' },
      provisional_allotment: { workingDays: 30, waitingOn: 'entrepreneur' },
      lease_submitted: { workingDays: 7, waitingOn: 'zonal_manager' },
      final_allotment: { workingDays: 30, waitingOn: 'entrepreneur' },
    });
    const copy = JSON.parse(JSON.stringify(APPLICATION_LIFECYCLE)) as Lifecycle;
    copy.statuses.lease_submitted.waits[0]!.on = 'ho';
    expect(stageTarget('lease_submitted', {}, copy)).toEqual({ workingDays: 7, waitingOn: 'ho' });
  });

  it('counts working days in the stage, late only after the due day, and stands still while paused', () => {
    const start = { ...startStageClock('submitted', FRIDAY, {}, calendar), clockPausedAt: null, pausedWorkingDays: 0 };
    const thursday = new Date('2026-11-26T06:00:00Z');
    expect(clockView(start, thursday, calendar)).toMatchObject({ days_in_stage: 3, overdue: false });
    const friday = new Date('2026-11-27T06:00:00Z');
    expect(clockView(start, friday, calendar)).toMatchObject({ days_in_stage: 4, overdue: true });

    const paused = { ...start, clockPausedAt: new Date('2026-11-23T06:00:00Z') }; // paused on Monday
    expect(clockView(paused, friday, calendar)).toMatchObject({
      waiting_on: 'entrepreneur',
      clock_paused: true,
      overdue: false,
      days_in_stage: 1,
    });
    // Answered on Friday 27th: 3 working days paused (Tue, Thu, Fri), so the due day moves 3 working days on.
    const resumed = resumeStageClock(paused, friday, calendar);
    expect(resumed).toEqual({ pausedWorkingDays: 3, stageDueOn: '2026-12-01' });
    const after = { ...start, ...resumed, clockPausedAt: null };
    expect(clockView(after, friday, calendar)).toMatchObject({ days_in_stage: 1, overdue: false });
  });
});
