import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { businessCalendar, businessToday } from './time/business-calendar';
import {
  formatDate,
  formatDateTime,
  formatRupees,
  formattersFor,
  setDisplayLanguage,
  statusLabel,
  statusTone,
  formatRupeesAbout,
  rupeesInputValue,
} from './format';

describe('en-IN formatters', () => {
  it('formats rupees in the Indian grouping, whole rupees without ".00"', () => {
    expect(formatRupees(2500000)).toBe('₹25,00,000');
    expect(formatRupees('1234567')).toBe('₹12,34,567');
    expect(formatRupees(11800)).toBe('₹11,800');
    expect(formatRupees(null)).toBe('N/A');
    expect(formatRupees(undefined)).toBe('N/A');
    expect(formatRupees('not money')).toBe('N/A');
  });

  it('shows an amount owed to the paisa whenever it has paise, never rounded to the rupee', () => {
    expect(formatRupees(6131.6)).toBe('₹6,131.60');
    expect(formatRupees(388498.22)).toBe('₹3,88,498.22');
    expect(formatRupees(1812345.5)).toBe('₹18,12,345.50');
    expect(formatRupees(11800.4)).toBe('₹11,800.40');
    expect(formatRupees(17.7)).toBe('₹17.70');
    expect(formatRupees('0.07')).toBe('₹0.07');
    expect(formatRupees(-17.7)).toBe('-₹17.70');
    // A sum that drifted in binary still shows its paise, not the drift.
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    for (const language of ['en', 'hi', 'te'] as const) {
      expect(formattersFor(language).rupees(6131.6)).toBe('₹6,131.60');
    }
  });

  it('says "about" on a rounded summary, and only when it rounded', () => {
    expect(formatRupeesAbout(613160)).toBe('about ₹6.13 lakh');
    expect(formatRupeesAbout(500000)).toBe('₹5 lakh');
    expect(formatRupeesAbout(100000)).toBe('₹1 lakh');
    expect(formatRupeesAbout(12500000)).toBe('₹1.25 crore');
    expect(formatRupeesAbout(6131.6)).toBe('about ₹6,132');
    expect(formatRupeesAbout(250)).toBe('₹250');
    expect(formatRupeesAbout(-0.4)).toBe('about ₹0');
    expect(formatRupeesAbout(null)).toBe('N/A');
    expect(formattersFor('hi').rupeesAbout(613160)).toBe('लगभग ₹6.13 लाख');
    expect(formattersFor('te').rupeesAbout(613160)).toBe('సుమారు ₹6.13 లక్షలు');
    expect(formattersFor('te').rupeesAbout(100000)).toBe('₹1 లక్ష');
    expect(formattersFor('hi').rupeesAbout(20000000)).toBe('₹2 करोड़');
  });

  it('writes an amount for a money box as the server reads it back', () => {
    expect(rupeesInputValue(1832345.5)).toBe('1832345.50');
    expect(rupeesInputValue(11800)).toBe('11800');
    expect(rupeesInputValue(0.1 + 0.2)).toBe('0.30');
  });

  it('formats dates as day, short month, year and N/A when empty', () => {
    expect(formatDate('2026-11-05')).toBe('5 Nov 2026');
    expect(formatDate('2026-01-31T10:00:00.000Z')).toMatch(/^31 Jan 2026$/);
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
  });

  it('labels and colours statuses as the badge rule says', () => {
    expect(statusLabel('pending_committee')).toBe('PENDING COMMITTEE');
    expect(statusTone('approved')).toBe('green');
    expect(statusTone('rejected')).toBe('red');
    expect(statusTone('under_scrutiny')).toBe('blue');
  });

  it('gives today as YYYY-MM-DD', () => {
    expect(businessToday(new Date('2026-01-09T06:00:00Z'))).toBe('2026-01-09');
  });

  it("gives the business calendar's today (India), not the browser's or UTC's", () => {
    // 23:59 on Friday 20 Nov in India.
    expect(businessToday(new Date('2026-11-20T18:29:00Z'))).toBe('2026-11-20');
    // 00:01 on Saturday 21 Nov in India, still the 20th in UTC and in every zone west of it.
    expect(businessToday(new Date('2026-11-20T18:31:00Z'))).toBe('2026-11-21');
    expect(businessToday(new Date('2026-11-20T18:31:00Z'), businessCalendar('UTC'))).toBe('2026-11-20');
  });

  it('shows a plain YYYY-MM-DD as that calendar day', () => {
    for (const day of ['2026-01-01', '2026-11-20', '2026-11-21', '2026-12-31']) {
      const [year, month, date] = day.split('-').map(Number);
      const expected = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(Date.UTC(year!, month! - 1, date!));
      expect(formatDate(day)).toBe(expected);
    }
    expect(formatDate('2026-12-31')).toBe('31 Dec 2026');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
  });

  it('shows an instant as the day it is in India', () => {
    expect(formatDate('2026-11-20T18:29:00Z')).toBe('20 Nov 2026');
    expect(formatDate(new Date('2026-11-20T18:31:00Z'))).toBe('21 Nov 2026');
    expect(formatDateTime('2026-11-20T18:31:00Z')).toMatch(/^21 Nov 2026, 12:01\s?am$/i);
  });
});

describe('formatters in each language', () => {
  it('keep the Indian grouping and Latin digits, and name the month in the language', () => {
    expect(formattersFor('hi').rupees(546800)).toBe('₹5,46,800');
    expect(formattersFor('te').rupees(546800)).toBe('₹5,46,800');
    expect(formattersFor('hi').number(1234567.5)).toBe('12,34,567.5');
    expect(formattersFor('hi').date('2026-12-05')).toBe('5 दिस॰ 2026');
    expect(formattersFor('te').date('2026-12-05')).toBe('5 డిసెం, 2026');
    expect(formattersFor('en').date('2026-12-05')).toBe('5 Dec 2026');
  });

  // 14:08 in the business time zone (Asia/Kolkata), and 09:05 in the morning.
  const afternoon = '2026-11-28T08:38:00Z';
  const morning = '2026-11-28T03:35:00Z';

  it("write a date as each language's readers write it: Telugu puts the comma after the month", () => {
    expect(formattersFor('en').date(afternoon)).toBe('28 Nov 2026');
    expect(formattersFor('hi').date(afternoon)).toBe('28 नव॰ 2026');
    expect(formattersFor('te').date(afternoon)).toBe('28 నవం, 2026');
    expect(formattersFor('te').date('2026-11-28')).toBe('28 నవం, 2026');
  });

  it("write a time as each language's readers write it: Hindi names the day period in Hindi, before the hour", () => {
    expect(formattersFor('en').dateTime(afternoon)).toBe('28 Nov 2026, 02:08 pm');
    expect(formattersFor('en').dateTime(morning)).toBe('28 Nov 2026, 09:05 am');
    expect(formattersFor('hi').dateTime(afternoon)).toBe('28 नव॰ 2026, अपराह्न 2:08');
    expect(formattersFor('hi').dateTime(morning)).toBe('28 नव॰ 2026, पूर्वाह्न 9:05');
    expect(formattersFor('te').dateTime(afternoon)).toBe('28 నవం, 2026 2:08 PM');
    expect(formattersFor('te').dateTime(morning)).toBe('28 నవం, 2026 9:05 AM');
    // Midnight and noon are 12, not 0, in every language; a calendar day's time is its midnight.
    expect(formattersFor('hi').dateTime('2026-11-20T18:31:00Z')).toBe('21 नव॰ 2026, पूर्वाह्न 12:01');
    expect(formattersFor('te').dateTime('2026-11-28T06:30:00Z')).toBe('28 నవం, 2026 12:00 PM');
    expect(formattersFor('hi').dateTime('2026-11-28')).toBe('28 नव॰ 2026, पूर्वाह्न 12:00');
    for (const language of ['hi', 'te'] as const) {
      expect(formattersFor(language).dateTime(afternoon)).not.toMatch(/\b0\d:/);
    }
  });

  it('switch the shared formatters with setDisplayLanguage, and back', () => {
    try {
      setDisplayLanguage('hi');
      expect(formatDate('2026-12-05')).toBe('5 दिस॰ 2026');
    } finally {
      setDisplayLanguage('en');
    }
    expect(formatDate('2026-12-05')).toBe('5 Dec 2026');
  });
});

describe('formatters cost nothing until used', () => {
  const real = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
  const made = { numberFormats: 0, dateTimeFormats: 0 };

  beforeEach(() => {
    made.numberFormats = 0;
    made.dateTimeFormats = 0;
    Intl.NumberFormat = class extends real.NumberFormat {
      constructor(...args: ConstructorParameters<typeof Intl.NumberFormat>) {
        super(...args);
        made.numberFormats += 1;
      }
    } as typeof Intl.NumberFormat;
    Intl.DateTimeFormat = class extends real.DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        made.dateTimeFormats += 1;
      }
    } as typeof Intl.DateTimeFormat;
  });
  afterEach(() => {
    Intl.NumberFormat = real.NumberFormat;
    Intl.DateTimeFormat = real.DateTimeFormat;
  });

  it('builds an Intl formatter on its first use, once, and no other', async () => {
    vi.resetModules();
    // A fresh copy of the module: loading it (what every page does at start) builds nothing.
    const format = await import('./format');
    expect(made).toEqual({ numberFormats: 0, dateTimeFormats: 0 });

    expect(format.formatRupees(150000)).toBe('₹1,50,000');
    expect(format.formatRupees(2500)).toBe('₹2,500');
    expect(made).toEqual({ numberFormats: 1, dateTimeFormats: 0 });

    format.formatDate('2026-01-15');
    format.formatDate('2026-02-15');
    expect(made).toEqual({ numberFormats: 1, dateTimeFormats: 1 });
  });
});
