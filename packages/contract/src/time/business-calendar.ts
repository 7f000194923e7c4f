/**
 * The corporation's one idea of "today" and of a working day. Clocks, due dates, overdue invoices, reports and
 * dashboards all read the calendar day in the business time zone (Asia/Kolkata unless configured), never UTC and
 * never the browser's zone. Working days are Monday to Friday except the configured holidays.
 */
import { portalNow } from './portal-time';

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

const instantFormatters = new Map<string, Intl.DateTimeFormat>();
/** The zone's offset from UTC, in milliseconds, at an instant. */
function offsetAt(timeZone: string, ms: number): number {
  let formatter = instantFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    instantFormatters.set(timeZone, formatter);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(ms)) part[type] = Number(value);
  const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return local - Math.floor(ms / 1000) * 1000;
}

const DAY_MS = 86_400_000;
/** Instants whose day toISOString writes as YYYY-MM-DD: years 1970 to 9999. */
const LAST_PLAIN_INSTANT = Date.UTC(9999, 11, 30);
const OFFSETS_KEPT = 4096;
/** Per zone, the offset of each UTC day seen (null: the zone changed its offset during that day). */
const dayOffsets = new Map<string, Map<number, number | null>>();

/** The zone's offset through the whole of a UTC day, or null when it changes during the day. A zone changes its
 * offset at most once a day, so the same offset at the day's first and last second holds for all of it. */
function offsetThroughUtcDay(timeZone: string, utcDay: number): number | null {
  let offsets = dayOffsets.get(timeZone);
  if (!offsets) {
    offsets = new Map();
    dayOffsets.set(timeZone, offsets);
  }
  let offset = offsets.get(utcDay);
  if (offset === undefined) {
    const first = offsetAt(timeZone, utcDay * DAY_MS);
    offset = first === offsetAt(timeZone, (utcDay + 1) * DAY_MS - 1000) ? first : null;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(utcDay, offset);
  }
  return offset;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the business time zone. Every answer reads this for each
 * record it carries (the clock's "today", the day a stage began), so the zone's offset is looked up once per UTC day
 * and the day worked out by arithmetic: an Intl format of every instant was about 5% of a list page's API time. */
export function businessDay(instant: Date, calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  const ms = instant.getTime();
  if (ms >= 0 && ms <= LAST_PLAIN_INSTANT) {
    const offset = offsetThroughUtcDay(calendar.timeZone, Math.floor(ms / DAY_MS));
    if (offset !== null) return new Date(ms + offset).toISOString().slice(0, 10);
  }
  return dayFormatter(calendar.timeZone).format(instant);
}

/** The first instant of a business day (YYYY-MM-DD) in the calendar's zone: where a record "on or after" that day
 * begins. Midnight on the zone's clock is the UTC midnight less the zone's offset at that hour, read once more at the
 * first guess in case the offset changes between the two. */
export function businessDayStart(day: string, calendar: BusinessCalendar = DEFAULT_CALENDAR): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Outside the years 1970 to 9999 (a filter's year 0000) the zone's offset is read at the nearest of them: the
  // instant stays a date, for the database to refuse as it refuses any other out-of-range day.
  const offset = (ms: number) => offsetAt(calendar.timeZone, Math.min(Math.max(ms, 0), LAST_PLAIN_INSTANT));
  return new Date(utcMidnight - offset(utcMidnight - offset(utcMidnight)));
}

/** Today in the business time zone. */
export function businessToday(now: Date = portalNow(), calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
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
