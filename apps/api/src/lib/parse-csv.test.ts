import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './parse-csv';

describe('parseCsv', () => {
  it('reads plain, quoted and empty fields, CRLF and LF, and skips blank lines', () => {
    expect(parseCsv('\ufeffa,b,c\r\n1,"two, 2",\n\n"x""y",,"line\nbreak"\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'two, 2', ''] },
      { line: 4, fields: ['x"y', '', 'line\nbreak'] },
    ]);
  });

  it('keeps a last record without a final line break', () => {
    expect(parseCsv('a,b\n1,2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1', '2'] },
    ]);
  });

  it('names the line of a quote left open or text after a closing quote', () => {
    expect(() => parseCsv('a\n"open')).toThrow(CsvSyntaxError);
    try {
      parseCsv('a\nb\n"x"y');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).line).toBe(3);
    }
  });
});

describe('parseCsv line numbers', () => {
  it('counts quoted line breaks, blank lines and CRLF, LF or CR alike', () => {
    expect(parseCsv('a\r\n\r\n"m\r\nn",2\r\nz')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 3, fields: ['m\r\nn', '2'] },
      { line: 5, fields: ['z'] },
    ]);
    expect(parseCsv('a\rb\r\n"x\ry"\rc\n')).toEqual([
      { line: 1, fields: ['a'] },
      { line: 2, fields: ['b'] },
      { line: 3, fields: ['x\ry'] },
      { line: 5, fields: ['c'] },
    ]);
  });

  it('refuses a quote inside an unquoted field', () => {
    expect(() => parseCsv('a\nb"c')).toThrow(new CsvSyntaxError(2, 'A quote may only open a field'));
  });
});
