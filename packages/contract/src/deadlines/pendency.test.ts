import { describe, expect, it } from 'vitest';
import { addCalendarDays, businessCalendar, workingDaysBetween } from '../time/business-calendar';
import { ageBandDueRange, isDueSoon, lastDueSoonDay } from './pendency';

describe('due soon', () => {
  it('is due today or within the next two working days, a weekend between counted out', () => {
    // Friday 27 November 2026: Monday and Tuesday are the next two working days.
    expect(lastDueSoonDay('2026-11-27')).toBe('2026-12-01');
    expect(isDueSoon('2026-11-27', '2026-11-27')).toBe(true);
    expect(isDueSoon('2026-12-01', '2026-11-27')).toBe(true);
    expect(isDueSoon('2026-12-02', '2026-11-27')).toBe(false);
    expect(isDueSoon('2026-11-26', '2026-11-27')).toBe(false);
    // A Saturday's window runs to Tuesday too; a holiday on Monday pushes it to Wednesday.
    expect(lastDueSoonDay('2026-11-28')).toBe('2026-12-01');
    expect(lastDueSoonDay('2026-11-27', businessCalendar(undefined, ['2026-11-30']))).toBe('2026-12-02');
  });

  it('means the same in the pendency band as on the clock badge, and the bands meet without a gap', () => {
    const calendar = businessCalendar(undefined, ['2026-12-25']);
    for (let offset = 0; offset < 35; offset++) {
      const today = addCalendarDays('2026-12-01', offset);
      const soon = ageBandDueRange('due_soon', today, calendar)!;
      const notDue = ageBandDueRange('not_due', today, calendar)!;
      expect(soon.from).toBe(today);
      expect(notDue.from).toBe(addCalendarDays(soon.to!, 1));
      for (let ahead = -2; ahead < 12; ahead++) {
        const due = addCalendarDays(today, ahead);
        const byCount = due >= today && workingDaysBetween(today, due, calendar) <= 2;
        expect(isDueSoon(due, today, calendar), `${due} as of ${today}`).toBe(byCount);
        expect(due >= soon.from! && due <= soon.to!, `${due} as of ${today}`).toBe(byCount);
      }
    }
  });
});
