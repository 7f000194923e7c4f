import { describe, expect, it } from 'vitest';
import { clockAdvanceBodySchema, clockAdvanceTarget } from './portal-clock';

describe('clockAdvanceTarget', () => {
  const from = Date.parse('2026-11-28T10:00:00.000Z');

  it('adds days, hours and minutes, each counted', () => {
    expect(new Date(clockAdvanceTarget(from, { days: 1, hours: 2, minutes: 30 })).toISOString()).toBe(
      '2026-11-29T12:30:00.000Z',
    );
    expect(new Date(clockAdvanceTarget(from, { minutes: 5 })).toISOString()).toBe('2026-11-28T10:05:00.000Z');
  });

  it('takes a time to move to as it is, with its offset', () => {
    const body = clockAdvanceBodySchema.parse({ to: '2027-04-01T10:00:00+05:30' });
    expect(new Date(clockAdvanceTarget(from, body)).toISOString()).toBe('2027-04-01T04:30:00.000Z');
  });
});
