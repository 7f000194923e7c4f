/** The en-IN formatters every screen uses for money, numbers and dates (spec section 9). Dates read the business
 * calendar, not the browser's zone: an instant shows as the day and time in the business time zone, and a plain
 * YYYY-MM-DD is a calendar day that shows as itself wherever the browser is. */
import { businessToday, DEFAULT_CALENDAR, type BusinessCalendar } from './business-calendar';

/** The locale of each language: Indian grouping (1,00,000) in all three, and dates that read naturally in each. */
const LOCALES = { en: 'en-IN', hi: 'hi-IN', te: 'te-IN' } as const;
export type FormatLanguage = keyof typeof LOCALES;

const DATE_PARTS = { day: 'numeric', month: 'short', year: 'numeric' } as const;
const TIME_PARTS = { hour: '2-digit', minute: '2-digit' } as const;
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

export const NOT_AVAILABLE = 'N/A';

export interface Formatters {
  rupees(amount: number | string | null | undefined): string;
  /** To the paise when there are paise (₹1,012.50), else whole rupees (₹11,800): what a payment asks exactly. */
  rupeesExact(amount: number | string | null | undefined): string;
  number(value: number | null | undefined): string;
  date(value: string | Date | null | undefined): string;
  dateTime(value: string | Date | null | undefined): string;
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

/** Makes a value on first use: an Intl formatter takes milliseconds to build (tens on a slow phone, more with a time
 * zone), and a page that formats no dates should not pay for the date formatters while it starts. */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

function makeFormatters(language: FormatLanguage): Formatters {
  const locale = LOCALES[language];
  // Latin digits in every language: amounts and dates are compared with bank papers and typed back into forms.
  const options = { numberingSystem: 'latn' } as const;
  const rupee = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        ...options,
        style: 'currency',
        currency: 'INR',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
  );
  const rupeeWithPaise = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        ...options,
        style: 'currency',
        currency: 'INR',
        maximumFractionDigits: 2,
        minimumFractionDigits: 2,
      }),
  );
  const plainNumber = onFirstUse(() => new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 2 }));
  const zone = DEFAULT_CALENDAR.timeZone;
  const date = onFirstUse(() => new Intl.DateTimeFormat(locale, { ...options, ...DATE_PARTS, timeZone: zone }));
  const dateTime = onFirstUse(
    () => new Intl.DateTimeFormat(locale, { ...options, ...DATE_PARTS, ...TIME_PARTS, timeZone: zone }),
  );
  // A plain calendar day is read as midnight UTC and shown in UTC, so no zone can move it.
  const calendarDay = onFirstUse(() => new Intl.DateTimeFormat(locale, { ...options, ...DATE_PARTS, timeZone: 'UTC' }));
  const calendarDayTime = onFirstUse(
    () => new Intl.DateTimeFormat(locale, { ...options, ...DATE_PARTS, ...TIME_PARTS, timeZone: 'UTC' }),
  );
  return {
    rupees(amount) {
      const value = typeof amount === 'string' ? Number(amount) : amount;
      if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
      return rupee().format(value);
    },
    rupeesExact(amount) {
      const value = typeof amount === 'string' ? Number(amount) : amount;
      if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
      return Math.round(value * 100) % 100 === 0 ? rupee().format(value) : rupeeWithPaise().format(value);
    },
    number(value) {
      if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
      return plainNumber().format(value);
    },
    date(value) {
      const read = toDate(value);
      if (!read) return NOT_AVAILABLE;
      return (read.calendarDay ? calendarDay : date)().format(read.date);
    },
    dateTime(value) {
      const read = toDate(value);
      if (!read) return NOT_AVAILABLE;
      return (read.calendarDay ? calendarDayTime : dateTime)().format(read.date);
    },
  };
}

const formatterCache = new Map<FormatLanguage, Formatters>();

/** The formatters of one language; the server uses these for a recipient's mail and letters. */
export function formattersFor(language: FormatLanguage): Formatters {
  let formatters = formatterCache.get(language);
  if (!formatters) {
    formatters = makeFormatters(language in LOCALES ? language : 'en');
    formatterCache.set(language, formatters);
  }
  return formatters;
}

let current = formattersFor('en');

/** Sets the language formatRupees, formatNumber, formatDate and formatDateTime use: the web app calls it when the
 * user's language changes. The server never does (it serves many languages at once) and calls formattersFor. */
export function setDisplayLanguage(language: FormatLanguage): void {
  current = formattersFor(language);
}

export function formatRupees(amount: number | string | null | undefined): string {
  return current.rupees(amount);
}

/** An amount to the paise when it has paise (interest, a statement's balance): ₹1,012.50; whole rupees stay ₹11,800. */
export function formatRupeesExact(amount: number | string | null | undefined): string {
  return current.rupeesExact(amount);
}

export function formatNumber(value: number | null | undefined): string {
  return current.number(value);
}

export function formatDate(value: string | Date | null | undefined): string {
  return current.date(value);
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return current.dateTime(value);
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
