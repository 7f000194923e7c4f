/**
 * The corporation's one idea of "today" and of a working day. Clocks, due dates, overdue invoices, reports and
 * dashboards all read the calendar day in the business time zone (Asia/Kolkata unless configured), never UTC and
 * never the browser's zone. Working days are Monday to Friday except the configured holidays.
 */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Kolkata';

export interface BusinessCalendar {
  timeZone: string;
  /** YYYY-MM-DD dates that are not working days even on a weekday. */
  holidays: ReadonlySet<string>;
}

export function businessCalendar(
  timeZone: string = DEFAULT_BUSINESS_TIME_ZONE,
  holidays: Iterable<string> = [],
): BusinessCalendar {
  return { timeZone, holidays: new Set(holidays) };
}

export const DEFAULT_CALENDAR: BusinessCalendar = businessCalendar();

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the business time zone. */
export function businessDay(instant: Date, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  return dayFormatter(calendar.timeZone).format(instant);
}

/** Today in the business time zone. */
export function businessToday(now: Date = new Date(), calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  return businessDay(now, calendar);
}

/** Calendar arithmetic on YYYY-MM-DD strings (no zone involved: the day is already a business day). */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isWorkingDay(day: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.has(day);
}

/** The working day that comes `days` working days after `day` (0: `day` itself, or the next working day). */
export function addWorkingDays(day: string, days: number, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  let current = day;
  while (!isWorkingDay(current, calendar)) current = addCalendarDays(current, 1);
  let left = days;
  while (left > 0) {
    current = addCalendarDays(current, 1);
    if (isWorkingDay(current, calendar)) left -= 1;
  }
  return current;
}

/** Working days after `from` up to and including `to` (0 when `to` is not after `from`). Arithmetic on whole weeks,
 * not a walk over the days: every application answer counts its days in the stage, some of them years long. */
export function workingDaysBetween(from: string, to: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): number {
  const days = calendarDaysBetween(from, to);
  if (days <= 0) return 0;
  const startWeekday = new Date(`${from}T00:00:00Z`).getUTCDay();
  let count = Math.floor(days / 7) * 5;
  for (let offset = 1; offset <= days % 7; offset++) {
    const weekday = (startWeekday + offset) % 7;
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  for (const holiday of calendar.holidays) {
    const weekday = new Date(`${holiday}T00:00:00Z`).getUTCDay();
    if (holiday > from && holiday <= to && weekday !== 0 && weekday !== 6) count -= 1;
  }
  return count;
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
