/** Days as the corporation's calendar reads them (CALENDAR: BUSINESS_TIME_ZONE, Asia/Kolkata unless configured).
 * "Today", due dates and overdue all come from here, never from the server's or UTC's date. */
import { addCalendarDays, businessDay, businessDayStart, businessToday } from '@portal/contract';
import { CALENDAR } from './business-calendar';
import { clock } from './clock';

/** Today as YYYY-MM-DD in the business time zone. */
export function businessTodayIso(now: Date = clock.now()): string {
  return businessToday(now, CALENDAR);
}

/** The due date `days` calendar days after the business day `now` falls on. */
export function dueDateFrom(now: Date, days: number): string {
  return addCalendarDays(businessToday(now, CALENDAR), days);
}

/** The first instant of a business day (YYYY-MM-DD): midnight in the business time zone, where a `from` day begins. */
export function businessDayStartOf(day: string): Date {
  return businessDayStart(day, CALENDAR);
}

/** An instant `days` whole days (of 24 hours) later: for timestamps; for a due date use dueDateFrom. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** The business day (YYYY-MM-DD in the business time zone) an instant falls on, not its UTC date.
 * `isoDay(addDays(now, n))` equals `dueDateFrom(now, n)` in any zone without a daylight-saving change. */
export function isoDay(date: Date): string {
  return businessDay(date, CALENDAR);
}
