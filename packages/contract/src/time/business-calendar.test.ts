import { describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  addWorkingDays,
  businessCalendar,
  businessDay,
  businessDayStart,
  businessToday,
  DEFAULT_BUSINESS_TIME_ZONE,
  isWorkingDay,
  workingDaysBetween,
} from './business-calendar';

/** 23:59 on Friday 20 Nov 2026 in India (UTC+05:30), and two minutes later, 00:01 on Saturday 21 Nov. */
const FRIDAY_2359_IST = new Date('2026-11-20T18:29:00Z');
const SATURDAY_0001_IST = new Date('2026-11-20T18:31:00Z');

describe("a business day's first instant", () => {
  it("is midnight on the zone's clock: India's, and New York's on either side of a change of summer time", () => {
    expect(businessDayStart('2026-11-21').toISOString()).toBe('2026-11-20T18:30:00.000Z');
    const newYork = businessCalendar('America/New_York');
    // Summer time (UTC-4) ends at 02:00 on 1 November 2026: that day starts at UTC-4, the next at UTC-5.
    expect(businessDayStart('2026-11-01', newYork).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(businessDayStart('2026-11-02', newYork).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(businessDayStart('2026-03-08', newYork).toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(businessDayStart('2026-03-09', newYork).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('is still a date for a day outside the years 1970 to 9999, read at the nearest offset', () => {
    expect(businessDayStart('0000-01-01').toISOString()).toBe('-000001-12-31T18:30:00.000Z');
    expect(businessDayStart('1950-06-01').toISOString()).toBe('1950-05-31T18:30:00.000Z');
  });

  it('is the first instant that falls on the day, and the instant before falls on the day before', () => {
    for (const zone of ['Asia/Kolkata', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC']) {
      const calendar = businessCalendar(zone);
      for (let day = '2026-01-01'; day < '2027-01-01'; day = addCalendarDays(day, 7)) {
        const start = businessDayStart(day, calendar);
        expect(businessDay(start, calendar)).toBe(day);
        expect(businessDay(new Date(start.getTime() - 1), calendar)).toBe(addCalendarDays(day, -1));
      }
    }
  });
});

describe('business day', () => {
  it('reads the day in Asia/Kolkata by default, not in UTC', () => {
    expect(DEFAULT_BUSINESS_TIME_ZONE).toBe('Asia/Kolkata');
    expect(businessDay(FRIDAY_2359_IST)).toBe('2026-11-20');
    // Still the 20th in UTC, already the 21st in India.
    expect(SATURDAY_0001_IST.toISOString().slice(0, 10)).toBe('2026-11-20');
    expect(businessDay(SATURDAY_0001_IST)).toBe('2026-11-21');
    expect(businessToday(SATURDAY_0001_IST)).toBe('2026-11-21');
  });

  // Thousands of instants compared with Intl: a second when idle, several under load.
  it(
    'answers what Intl answers in zones with summer time, half and quarter hours, on and around their changes',
    { timeout: 60_000 },
    () => {
      const zones = [
        'Asia/Kolkata',
        'UTC',
        'America/New_York',
        'Europe/London',
        'America/St_Johns',
        'Australia/Lord_Howe',
        'Pacific/Chatham',
        'Asia/Kathmandu',
        'Pacific/Kiritimati',
        'America/Santiago',
      ];
      // Every 7 minutes 13 seconds through 2026 (about 73,000 instants, each minute of the hour and the day in turn),
      // which crosses every change of offset these zones make that year, plus a few far instants.
      const instants: Date[] = [];
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 433_000) instants.push(new Date(ms));
      instants.push(new Date(0), new Date('1999-12-31T23:59:59.999Z'), new Date('2099-06-01T12:00:00Z'));
      for (const timeZone of zones) {
        const intl = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
        const calendar = businessCalendar(timeZone);
        const wrong = instants.filter((instant) => businessDay(instant, calendar) !== intl.format(instant));
        expect(
          wrong.map((instant) => instant.toISOString()),
          timeZone,
        ).toEqual([]);
      }
    },
  );

  it('gives instants outside 1970-9999 to Intl, as before', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (const instant of [new Date('1969-12-31T20:00:00Z'), new Date('1900-03-01T00:00:00Z')])
      expect(businessDay(instant)).toBe(intl.format(instant));
    expect(() => businessDay(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('turns at midnight in India, 18:30 UTC', () => {
    expect(businessToday(new Date('2026-11-20T18:29:59.999Z'))).toBe('2026-11-20');
    expect(businessToday(new Date('2026-11-20T18:30:00Z'))).toBe('2026-11-21');
  });

  it('follows a configured zone', () => {
    const utc = businessCalendar('UTC');
    expect(businessToday(SATURDAY_0001_IST, utc)).toBe('2026-11-20');
    const newYork = businessCalendar('America/New_York');
    expect(businessToday(new Date('2026-11-21T04:30:00Z'), newYork)).toBe('2026-11-20');
  });
});

describe('calendar days', () => {
  it('adds days across months and years, backwards too', () => {
    expect(addCalendarDays('2026-11-21', 30)).toBe('2026-12-21');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addCalendarDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addCalendarDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('working days', () => {
  // Monday 23 Nov 2026 is a holiday in this calendar.
  const calendar = businessCalendar('Asia/Kolkata', ['2026-11-23']);

  it('knows weekends and holidays', () => {
    expect(isWorkingDay('2026-11-20')).toBe(true); // Friday
    expect(isWorkingDay('2026-11-21')).toBe(false); // Saturday
    expect(isWorkingDay('2026-11-22')).toBe(false); // Sunday
    expect(isWorkingDay('2026-11-23')).toBe(true);
    expect(isWorkingDay('2026-11-23', calendar)).toBe(false);
  });

  it('skips the weekend when adding working days', () => {
    expect(addWorkingDays('2026-11-20', 1)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-19', 3)).toBe('2026-11-24');
    expect(addWorkingDays('2026-11-16', 5)).toBe('2026-11-23');
  });

  it('skips a holiday too', () => {
    expect(addWorkingDays('2026-11-20', 1, calendar)).toBe('2026-11-24');
    expect(addWorkingDays('2026-11-20', 3, calendar)).toBe('2026-11-26');
  });

  it('starts a zero-day count on the next working day', () => {
    expect(addWorkingDays('2026-11-20', 0)).toBe('2026-11-20');
    expect(addWorkingDays('2026-11-21', 0)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-21', 0, calendar)).toBe('2026-11-24');
    // A request made at 00:01 IST on the Saturday counts from Monday, not from Friday.
    expect(addWorkingDays(businessToday(SATURDAY_0001_IST), 1)).toBe('2026-11-24');
    expect(addWorkingDays(businessToday(FRIDAY_2359_IST), 1)).toBe('2026-11-23');
  });

  it('counts working days after the first day up to and including the last', () => {
    expect(workingDaysBetween('2026-11-20', '2026-11-20')).toBe(0);
    expect(workingDaysBetween('2026-11-20', '2026-11-22')).toBe(0);
    expect(workingDaysBetween('2026-11-20', '2026-11-23')).toBe(1);
    expect(workingDaysBetween('2026-11-20', '2026-11-27')).toBe(5);
    expect(workingDaysBetween('2026-11-20', '2026-11-27', calendar)).toBe(4);
    expect(workingDaysBetween('2026-11-27', '2026-11-20')).toBe(0);
  });

  it('agrees with addWorkingDays', () => {
    for (const days of [1, 2, 5, 10, 30]) {
      const due = addWorkingDays('2026-11-20', days, calendar);
      expect(workingDaysBetween('2026-11-20', due, calendar)).toBe(days);
    }
  });
});

describe('workingDaysBetween over long spans', () => {
  it('agrees with a day-by-day count over three years, holidays included', () => {
    const calendar = businessCalendar('Asia/Kolkata', ['2024-08-15', '2025-01-26', '2025-10-02', '2026-01-25']);
    const walk = (from: string, to: string) => {
      let count = 0;
      for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
        if (isWorkingDay(day, calendar)) count += 1;
      }
      return count;
    };
    for (const [from, to] of [
      ['2023-11-22', '2026-11-22'],
      ['2024-08-14', '2024-08-19'],
      ['2026-01-23', '2026-01-26'],
      ['2026-11-20', '2026-11-21'],
      ['2026-11-21', '2026-11-23'],
    ] as const) {
      expect(workingDaysBetween(from, to, calendar), `${from}..${to}`).toBe(walk(from, to));
    }
  });
});
