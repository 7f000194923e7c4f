// The shared list filter: number substring (case-insensitive, trimmed), exact status, 'all' for none.
import { describe, expect, it } from 'vitest';
import { filterByNumberAndStatus, isFiltered } from './list-filter';

const items = [
  { number: 'APP-2026-0001', status: 'submitted' },
  { number: 'APP-2026-0002', status: 'draft' },
  { number: 'INV-2026-0010', status: 'submitted' },
];
const numberOf = (item: { number: string }) => item.number;

describe('filterByNumberAndStatus', () => {
  it('keeps everything with an empty search and status all', () => {
    expect(filterByNumberAndStatus(items, numberOf, '', 'all')).toEqual(items);
  });

  it('matches a case-insensitive, trimmed substring of the number', () => {
    expect(filterByNumberAndStatus(items, numberOf, '  app-2026 ', 'all').map(numberOf)).toEqual([
      'APP-2026-0001',
      'APP-2026-0002',
    ]);
    expect(filterByNumberAndStatus(items, numberOf, '0010', 'all').map(numberOf)).toEqual(['INV-2026-0010']);
    expect(filterByNumberAndStatus(items, numberOf, 'nothing', 'all')).toEqual([]);
  });

  it('matches the status exactly and combines it with the search', () => {
    expect(filterByNumberAndStatus(items, numberOf, '', 'draft').map(numberOf)).toEqual(['APP-2026-0002']);
    expect(filterByNumberAndStatus(items, numberOf, 'app', 'submitted').map(numberOf)).toEqual(['APP-2026-0001']);
    expect(filterByNumberAndStatus(items, numberOf, '', 'submit')).toEqual([]);
  });
});

describe('isFiltered', () => {
  it('is true only when the search or the status narrows the list', () => {
    expect(isFiltered('', 'all')).toBe(false);
    expect(isFiltered('   ', 'all')).toBe(false);
    expect(isFiltered('a', 'all')).toBe(true);
    expect(isFiltered('', 'draft')).toBe(true);
  });
});
