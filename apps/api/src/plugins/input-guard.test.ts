import { describe, expect, it } from 'vitest';
import { findControlCharacter } from './input-guard';

describe('finding control characters in a request', () => {
  it('names the first field holding one, at any depth', () => {
    expect(findControlCharacter({ q: 'plot', zone: 'North\u0000' }, 'querystring')).toBe('querystring.zone');
    expect(findControlCharacter({ items: [{ note: 'ok' }, { note: 'bad\u0001' }] }, 'body')).toBe('body.items.1.note');
    expect(findControlCharacter({ status: ['submitted', 'x\u0000'] }, 'querystring')).toBe('querystring.status.1');
  });

  it('passes text with tabs and new lines, numbers, booleans and nulls', () => {
    expect(findControlCharacter({ agenda: 'a\n\tb\r\n', amount: 5, paid: true, remarks: null }, 'body')).toBeNull();
    expect(findControlCharacter(undefined, 'body')).toBeNull();
  });

  it('walks a deeply nested body without overflowing the stack', () => {
    let nested: unknown = 'deep\u0000';
    for (let depth = 0; depth < 100_000; depth++) nested = [nested];
    expect(findControlCharacter(nested, 'body')).toMatch(/^body(\.0)+$/);
  });
});
