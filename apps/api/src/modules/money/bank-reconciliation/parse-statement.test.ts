import { describe, expect, it } from 'vitest';
import { parseStatement, quotedChallanNumber, readStatementAmount, readStatementDate } from './parse-statement';

describe('reading a bank statement', () => {
  it('reads dates as the banks write them, and only real days', () => {
    expect(readStatementDate('01/04/2026')).toBe('2026-04-01');
    expect(readStatementDate('1-4-2026')).toBe('2026-04-01');
    expect(readStatementDate('01 Apr 2026')).toBe('2026-04-01');
    expect(readStatementDate('01-APR-26')).toBe('2026-04-01');
    expect(readStatementDate('31/02/2026')).toBeNull();
    expect(readStatementDate('2026-04-01')).toBeNull();
    expect(readStatementDate('04/13/2026')).toBeNull();
  });

  it('reads amounts with Indian or Western grouping to the paisa, and nothing else', () => {
    expect(readStatementAmount('1,05,000.50')).toBe(105000.5);
    expect(readStatementAmount('105,000.5')).toBe(105000.5);
    expect(readStatementAmount('11800')).toBe(11800);
    expect(readStatementAmount('₹ 0.10')).toBe(0.1);
    expect(readStatementAmount('')).toBeNull();
    expect(readStatementAmount('12,3x.00')).toBeNaN();
    expect(readStatementAmount('-5.00')).toBeNaN();
    expect(readStatementAmount('1.005')).toBeNaN();
  });

  it('finds the challan number however the payer wrote it', () => {
    expect(quotedChallanNumber('NEFT-SBIN123-chl 2026 000042-KRISHNA')).toBe('CHL-2026-000042');
    expect(quotedChallanNumber('BY TRANSFER', 'CHL2026000042')).toBe('CHL-2026-000042');
    expect(quotedChallanNumber('RTGS CHL-2026-0000421')).toBeNull();
    expect(quotedChallanNumber('NEFT FROM KRISHNA CASTINGS')).toBeNull();
  });

  it('skips the lines above the header and refuses a file without the columns', () => {
    const parsed = parseStatement(
      'Account Name :,X\r\n\r\nTxn Date,Value Date,Description,Ref No./Cheque No.,Debit,Credit,Balance,\r\n' +
        '01/04/2026,01/04/2026,NEFT,UTR1,,"1,000.00","1,000.00",\r\n',
    );
    expect(parsed).toMatchObject({ ok: true, lines: [{ kind: 'credit', line: 4, amount: 1000, reference: 'UTR1' }] });
    expect(parseStatement('Date,Narration,Amount\r\n01/04/2026,X,1\r\n')).toMatchObject({ ok: false });
  });
});
