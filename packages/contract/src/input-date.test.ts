import { describe, expect, it } from 'vitest';
import { parseInputDate, toInputDate } from './input-date';

describe('parseInputDate', () => {
  it('reads the day first, with slashes, dots or dashes, and one-digit days and months', () => {
    expect(parseInputDate('05/03/2026')).toBe('2026-03-05');
    expect(parseInputDate('5/3/2026')).toBe('2026-03-05');
    expect(parseInputDate(' 05.03.2026 ')).toBe('2026-03-05');
    expect(parseInputDate('05-03-2026')).toBe('2026-03-05');
  });

  it('reads a pasted YYYY-MM-DD day as itself', () => {
    expect(parseInputDate('2026-03-05')).toBe('2026-03-05');
  });

  it('refuses days that do not exist and years outside the range', () => {
    expect(parseInputDate('31/04/2026')).toBeNull();
    expect(parseInputDate('29/02/2025')).toBeNull();
    expect(parseInputDate('29/02/2024')).toBe('2024-02-29');
    expect(parseInputDate('13/13/2026')).toBeNull();
    expect(parseInputDate('01/01/0202')).toBeNull();
    expect(parseInputDate('01/01/2201')).toBeNull();
  });

  it('refuses the month first American order when it cannot be a day-first date, and anything else', () => {
    expect(parseInputDate('12/25/2026')).toBeNull();
    expect(parseInputDate('')).toBeNull();
    expect(parseInputDate('tomorrow')).toBeNull();
    expect(parseInputDate('05/03/26')).toBeNull();
  });
});

describe('toInputDate', () => {
  it('shows a YYYY-MM-DD day as dd/mm/yyyy, and nothing for no day', () => {
    expect(toInputDate('2026-03-05')).toBe('05/03/2026');
    expect(toInputDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    expect(toInputDate(null)).toBe('');
    expect(toInputDate('')).toBe('');
  });
});
