/** The en-IN formatters every screen uses for money, numbers and dates (spec section 9). Dates read the business
 * calendar, not the browser's zone: an instant shows as the day and time in the business time zone, and a plain
 * YYYY-MM-DD is a calendar day that shows as itself wherever the browser is. */
import { businessToday, DEFAULT_CALENDAR, type BusinessCalendar } from './business-calendar';

const rupeeFormatter = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const numberFormatter = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const DATE_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const dateFormatter = new Intl.DateTimeFormat('en-IN', { ...DATE_PARTS, timeZone: DEFAULT_CALENDAR.timeZone });
const dateTimeFormatter = new Intl.DateTimeFormat('en-IN', {
  ...DATE_PARTS,
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DEFAULT_CALENDAR.timeZone,
});
/** A plain calendar day is read as midnight UTC and shown in UTC, so no zone can move it. */
const calendarDayFormatter = new Intl.DateTimeFormat('en-IN', { ...DATE_PARTS, timeZone: 'UTC' });
const calendarDayTimeFormatter = new Intl.DateTimeFormat('en-IN', {
  ...DATE_PARTS,
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const NOT_AVAILABLE = 'N/A';

export function formatRupees(amount: number | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
  return rupeeFormatter.format(value);
}

export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
  return numberFormatter.format(value);
}

interface ReadDate {
  date: Date;
  /** A plain YYYY-MM-DD: a calendar day, not an instant. */
  calendarDay: boolean;
}

function toDate(value: string | Date | null | undefined): ReadDate | null {
  if (!value) return null;
  const calendarDay = typeof value === 'string' && PLAIN_DAY.test(value);
  const date = calendarDay ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, calendarDay };
}

export function formatDate(value: string | Date | null | undefined): string {
  const read = toDate(value);
  if (!read) return NOT_AVAILABLE;
  return (read.calendarDay ? calendarDayFormatter : dateFormatter).format(read.date);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const read = toDate(value);
  if (!read) return NOT_AVAILABLE;
  return (read.calendarDay ? calendarDayTimeFormatter : dateTimeFormatter).format(read.date);
}

/** Badge text: underscores to spaces, in capitals. */
export function statusLabel(status: string): string {
  return status.replace(/_/g, ' ').toUpperCase();
}

export type BadgeTone = 'green' | 'red' | 'blue';
export function statusTone(status: string): BadgeTone {
  if (status === 'approved') return 'green';
  if (status === 'rejected') return 'red';
  return 'blue';
}

/** Today as YYYY-MM-DD in the business calendar (Asia/Kolkata unless given), for date inputs' defaults and file
 * names: the same day the server calls today, whatever zone the browser is in. */
export function todayIso(now: Date = new Date(), calendar: BusinessCalendar = DEFAULT_CALENDAR): string {
  return businessToday(now, calendar);
}
