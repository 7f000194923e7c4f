// The list protocol: page bounds, sort values, enum lists and page headers, as every endpoint and list screen reads them.
import { describe, expect, it } from 'vitest';
import {
  applicationListQuerySchema,
  assetListQuerySchema,
  LIST_LIMITS,
  parseSort,
  readPageInfo,
  userListQuerySchema,
} from './listing';

describe('list query', () => {
  it('defaults to the first 50 in the list’s own order', () => {
    expect(applicationListQuerySchema.parse({})).toMatchObject({ limit: 50, offset: 0, sort: '-created_at' });
    expect(assetListQuerySchema.parse({}).sort).toBe('asset_code');
  });

  it('refuses a limit over 200, below 1, or not a number, and an offset past the deep-paging bound', () => {
    expect(applicationListQuerySchema.safeParse({ limit: '200' }).success).toBe(true);
    expect(applicationListQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
    expect(applicationListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(applicationListQuerySchema.safeParse({ limit: 'ten' }).success).toBe(false);
    expect(applicationListQuerySchema.safeParse({ offset: String(LIST_LIMITS.maxOffset + 1) }).success).toBe(false);
  });

  it('accepts only declared sort columns, either direction', () => {
    expect(applicationListQuerySchema.parse({ sort: 'application_number' }).sort).toBe('application_number');
    expect(applicationListQuerySchema.parse({ sort: '-submitted_at' }).sort).toBe('-submitted_at');
    expect(applicationListQuerySchema.safeParse({ sort: 'password_hash' }).success).toBe(false);
    expect(parseSort('-submitted_at')).toEqual({ column: 'submitted_at', descending: true });
    expect(parseSort('status')).toEqual({ column: 'status', descending: false });
  });

  it('reads a status filter as a comma-separated or repeated list of known values', () => {
    expect(applicationListQuerySchema.parse({ status: 'submitted,under_scrutiny' }).status).toEqual([
      'submitted',
      'under_scrutiny',
    ]);
    expect(applicationListQuerySchema.parse({ status: ['submitted', 'approved'] }).status).toEqual([
      'submitted',
      'approved',
    ]);
    expect(applicationListQuerySchema.safeParse({ status: 'submitted,bogus' }).success).toBe(false);
    expect(userListQuerySchema.parse({ role: 'ho' }).role).toEqual(['ho']);
  });

  it('trims the search and bounds its length; dates must be YYYY-MM-DD', () => {
    expect(applicationListQuerySchema.parse({ q: '  0004 ' }).q).toBe('0004');
    expect(applicationListQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(applicationListQuerySchema.safeParse({ from: '2026-01-31' }).success).toBe(true);
    expect(applicationListQuerySchema.safeParse({ from: '31/01/2026' }).success).toBe(false);
  });
});

describe('readPageInfo', () => {
  it('reads the total, whether it was capped, and the next cursor', () => {
    const headersOf = (values: Record<string, string>) => ({
      get: (name: string) => values[name.toLowerCase()] ?? null,
    });
    const capped = headersOf({ 'x-total-count': '10000', 'x-total-count-capped': 'true', 'x-next-cursor': 'abc' });
    expect(readPageInfo(capped)).toEqual({ total: 10000, totalCapped: true, nextCursor: 'abc' });
    expect(readPageInfo(headersOf({}))).toEqual({ total: 0, totalCapped: false, nextCursor: null });
  });
});
