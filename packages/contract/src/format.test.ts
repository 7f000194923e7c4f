import { describe, expect, it } from 'vitest';
import { formatDate, formatRupees, statusLabel, statusTone, todayIso } from './format';

describe('en-IN formatters', () => {
  it('formats rupees in the Indian grouping without decimals', () => {
    expect(formatRupees(2500000)).toBe('₹25,00,000');
    expect(formatRupees(11800.4)).toBe('₹11,800');
    expect(formatRupees('1234567')).toBe('₹12,34,567');
    expect(formatRupees(null)).toBe('N/A');
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
    expect(todayIso(new Date(2026, 0, 9))).toBe('2026-01-09');
  });
});
