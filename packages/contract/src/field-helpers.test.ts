import { describe, expect, it } from 'vitest';
import { errorBodySchema } from './error-body';
import { ERROR_CODES, errorCodeForStatus } from './error-codes';
import {
  calendarDate,
  containsControlCharacter,
  createMeetingRequestSchema,
  registerRequestSchema,
  verifyLeaseDeedRequestSchema,
} from './schemas';

const meeting = (meeting_date: string) => createMeetingRequestSchema.safeParse({ meeting_date, agenda: 'Agenda' });

describe('shared field helpers', () => {
  it('take only real calendar days from 1900 to 2200', () => {
    for (const day of ['1900-01-01', '2024-02-29', '2026-12-31', '2200-12-31']) expect(meeting(day).success).toBe(true);
    for (const day of ['0000-01-01', '1899-12-31', '2201-01-01', '2023-02-29', '2024-04-31', '2024-1-5', '']) {
      expect(meeting(day).success, day).toBe(false);
    }
    expect(calendarDate().safeParse('0000-01-01').error?.issues[0]?.message).toBe('Enter a date between 1900 and 2200');
    expect(calendarDate('Use a date').safeParse('soon').error?.issues[0]?.message).toBe('Use a date');
  });

  it('refuse control characters in text but keep tab, line feed and carriage return', () => {
    expect(containsControlCharacter('a\u0000b')).toBe(true);
    expect(containsControlCharacter('bell\u0007')).toBe(true);
    expect(containsControlCharacter('escape\u001b[0m')).toBe(true);
    expect(containsControlCharacter('line one\r\n\tline two')).toBe(false);
    expect(containsControlCharacter('ಕನ್ನಡ and हिन्दी')).toBe(false);

    const register = (full_name: string) =>
      registerRequestSchema.safeParse({ email: 'a@example.com', password: 'Secret@123', full_name });
    expect(register('Ravi\u0000Kumar').error?.issues[0]?.message).toMatch(/control characters/);
    expect(register('Ravi Kumar').success).toBe(true);

    const remarks = (value: string) =>
      verifyLeaseDeedRequestSchema.safeParse({ verification_status: 'approved', remarks: value });
    expect(remarks('Signed\u0000').success).toBe(false);
    expect(remarks('Signed on page 3\nand page 4').success).toBe(true);
  });
});

describe('error codes', () => {
  it('give each error status its code, and the body carries one', () => {
    expect(errorCodeForStatus(422)).toBe('validation_failed');
    expect(errorCodeForStatus(409)).toBe('conflict');
    expect(errorCodeForStatus(503)).toBe('internal_error');
    expect(errorCodeForStatus(418)).toBe('bad_request');
    for (const status of [400, 401, 403, 404, 408, 409, 413, 414, 415, 422, 429, 431, 500]) {
      expect(ERROR_CODES).toContain(errorCodeForStatus(status));
    }
    expect(errorBodySchema.safeParse({ detail: 'Not found' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ detail: 'Not found', code: 'not_found' }).success).toBe(true);
  });
});
