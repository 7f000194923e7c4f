/** The en-IN formatters every screen uses for money, numbers and dates (spec section 9). Dates read the business
 * calendar, not the browser's zone: an instant shows as the day and time in the business time zone, and a plain
 * YYYY-MM-DD is a calendar day that shows as itself wherever the browser is.
 *
 * Money has one rule (product decisions section 13): an amount owed, paid, matched or balanced is shown as it is,
 * to the paisa when it has paise (₹6,131.60) and in whole rupees when it has none (₹11,800). Only a summary may
 * round, and it says so ("about ₹6.13 lakh"); nothing outside this file formats or rounds money for display. */
import { DEFAULT_CALENDAR } from './time/business-calendar';

/** The locale of each language: Indian grouping (1,00,000) in all three, and dates that read naturally in each. */
const LOCALES = { en: 'en-IN', hi: 'hi-IN', te: 'te-IN' } as const;
export type FormatLanguage = keyof typeof LOCALES;

/** The parts of a date and time, read from Intl in the language (the month's name) and laid out by the language's own
 * pattern below: the hour is read on a 24-hour clock so the day period is ours to word. */
const DATE_TIME_PARTS = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;

interface DatePattern {
  date(day: string, month: string, year: string): string;
  time(hour: number, minute: string, morning: boolean): string;
  /** The date and the time together. */
  join(date: string, time: string): string;
}

/** How each language's readers write a date and a time (CLDR's medium pattern of each locale, which Intl's own
 * field-by-field layout does not follow): English "28 Nov 2026, 02:08 pm" as it always read; Hindi
 * "28 नव॰ 2026, अपराह्न 2:08", the day period in Hindi before the hour; Telugu "28 నవం, 2026 2:08 PM", the comma
 * after the month. Laid out here rather than left to the browser's ICU, so every browser and the server's letters read
 * the same. */
const DATE_PATTERNS: Record<FormatLanguage, DatePattern> = {
  en: {
    date: (day, month, year) => `${day} ${month} ${year}`,
    time: (hour, minute, morning) => `${String(hour).padStart(2, '0')}:${minute} ${morning ? 'am' : 'pm'}`,
    join: (date, time) => `${date}, ${time}`,
  },
  hi: {
    date: (day, month, year) => `${day} ${month} ${year}`,
    time: (hour, minute, morning) => `${morning ? 'पूर्वाह्न' : 'अपराह्न'} ${hour}:${minute}`,
    join: (date, time) => `${date}, ${time}`,
  },
  te: {
    date: (day, month, year) => `${day} ${month}, ${year}`,
    time: (hour, minute, morning) => `${hour}:${minute} ${morning ? 'AM' : 'PM'}`,
    join: (date, time) => `${date} ${time}`,
  },
};
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

const LAKH = 100_000;
const CRORE = 10_000_000;

/** The words of a rounded summary in each language: the Indian units, singular and plural, and "about". */
const SUMMARY_WORDS: Record<
  FormatLanguage,
  { lakh: [string, string]; crore: [string, string]; about(amount: string): string }
> = {
  en: { lakh: ['lakh', 'lakh'], crore: ['crore', 'crore'], about: (amount) => `about ${amount}` },
  hi: { lakh: ['लाख', 'लाख'], crore: ['करोड़', 'करोड़'], about: (amount) => `लगभग ${amount}` },
  te: { lakh: ['లక్ష', 'లక్షలు'], crore: ['కోటి', 'కోట్లు'], about: (amount) => `సుమారు ${amount}` },
};

export const NOT_AVAILABLE = 'N/A';

export interface Formatters {
  /** An amount as it is owed: to the paise when it has paise (₹1,012.50), else whole rupees (₹11,800). */
  rupees(amount: number | string | null | undefined): string;
  /** A rounded summary (a chart's axis), never an amount owed: lakh and crore to two decimals, smaller amounts to
   * the rupee, and "about" in front whenever that is not the amount itself ("about ₹6.13 lakh", "₹5 lakh"). */
  rupeesAbout(amount: number | string | null | undefined): string;
  number(value: number | null | undefined): string;
  date(value: string | Date | null | undefined): string;
  dateTime(value: string | Date | null | undefined): string;
}

interface ReadDate {
  date: Date;
  /** A plain YYYY-MM-DD: a calendar day, not an instant. */
  calendarDay: boolean;
}

/** Fields and parameters that hold money though their names do not end in `_amount`. */
const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'amount',
  'interest',
  'valuation',
  'estimated_investment',
  'refund_due',
  'reserve_price',
  'emd',
  'increment',
  'highest_bid',
  'min_investment',
  'minimum_bid',
  'participation_fee',
  'debit',
  'credit',
  'balance',
]);

/** Whether a record's field or a message's parameter, by its name, holds an amount of money: `amount`, `*_amount`,
 * `*_balance` and the names above. Screens that show fields by name (the timeline, notifications, the audit trail)
 * format these with formatRupees, so a recorded ₹6,131.60 never reads 6,131.6. */
export function isMoneyField(name: string): boolean {
  return MONEY_FIELDS.has(name) || name.endsWith('_amount') || name.endsWith('_balance');
}

function toAmount(amount: number | string | null | undefined): number | null {
  const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

const inPaise = (value: number) => Math.round(value * 100);

/** An amount as a money box holds it, for the user to send back unchanged: no grouping or sign, the paise when it has
 * them (1832345.50), whole rupees without ".00" (11800). */
export function rupeesInputValue(amount: number): string {
  const paise = inPaise(amount);
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
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
  // A summary's figure in lakh or crore: at most two decimals, none when it is whole (₹5 lakh).
  const unitFigure = onFirstUse(() => new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 2 }));
  const words = SUMMARY_WORDS[language];
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
  const pattern = DATE_PATTERNS[language];
  // One Intl formatter per zone gives every part; a plain calendar day is read as midnight UTC and shown in UTC, so no
  // zone can move it.
  const inZone = onFirstUse(() => new Intl.DateTimeFormat(locale, { ...options, ...DATE_TIME_PARTS, timeZone: zone }));
  const inUtc = onFirstUse(() => new Intl.DateTimeFormat(locale, { ...options, ...DATE_TIME_PARTS, timeZone: 'UTC' }));
  const layOut = (read: ReadDate, withTime: boolean): string => {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const part of (read.calendarDay ? inUtc : inZone)().formatToParts(read.date)) parts[part.type] = part.value;
    const date = pattern.date(parts.day ?? '', parts.month ?? '', parts.year ?? '');
    if (!withTime) return date;
    const hour24 = Number(parts.hour) % 24;
    const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
    return pattern.join(date, pattern.time(hour12, parts.minute ?? '00', hour24 < 12));
  };
  return {
    rupees(amount) {
      const value = toAmount(amount);
      if (value === null) return NOT_AVAILABLE;
      return inPaise(value) % 100 === 0 ? rupee().format(value) : rupeeWithPaise().format(value);
    },
    rupeesAbout(amount) {
      const value = toAmount(amount);
      if (value === null) return NOT_AVAILABLE;
      const size = Math.abs(value);
      const unit =
        size >= CRORE ? { of: CRORE, words: words.crore } : size >= LAKH ? { of: LAKH, words: words.lakh } : null;
      let shown: string;
      let roundedPaise: number;
      if (unit) {
        const figure = Math.round((value / unit.of) * 100) / 100;
        roundedPaise = inPaise(figure * unit.of);
        // The figure is a count of lakh (or crore), signed like the amount; the rupee sign goes before it.
        const text = unitFigure().format(Math.abs(figure));
        shown = `${value < 0 ? '-' : ''}₹${text} ${unit.words[Math.abs(figure) === 1 ? 0 : 1]}`;
      } else {
        const rupees = Math.round(value) || 0;
        roundedPaise = rupees * 100;
        shown = rupee().format(rupees);
      }
      return roundedPaise === inPaise(value) ? shown : words.about(shown);
    },
    number(value) {
      if (value === null || value === undefined || Number.isNaN(value)) return NOT_AVAILABLE;
      return plainNumber().format(value);
    },
    date(value) {
      const read = toDate(value);
      if (!read) return NOT_AVAILABLE;
      return layOut(read, false);
    },
    dateTime(value) {
      const read = toDate(value);
      if (!read) return NOT_AVAILABLE;
      return layOut(read, true);
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

/** Sets the language formatRupees, formatRupeesAbout, formatNumber, formatDate and formatDateTime use: the web app calls it when the
 * user's language changes. The server never does (it serves many languages at once) and calls formattersFor. */
export function setDisplayLanguage(language: FormatLanguage): void {
  current = formattersFor(language);
}

/** An amount as it is owed, paid, matched or balanced: ₹6,131.60 when it has paise, ₹11,800 when it has none. */
export function formatRupees(amount: number | string | null | undefined): string {
  return current.rupees(amount);
}

/** A rounded summary that says so ("about ₹6.13 lakh"): a chart's axis, never an amount anyone pays or is owed. */
export function formatRupeesAbout(amount: number | string | null | undefined): string {
  return current.rupeesAbout(amount);
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
