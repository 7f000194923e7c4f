import { describe, expect, it } from 'vitest';
import { prepareLedgerAdjustmentRequestSchema } from './dues';
import { hasAtMostPaise, rupeesField } from './amount';
import { placeBidRequestSchema } from '../schemes/schemes';
import { createPaymentRequestSchema } from '../schemas';

describe('an amount of rupees in a request body', () => {
  it('takes rupees and paise, and refuses anything finer than a paisa', () => {
    expect([6131.6, 0.07, 1, 12_345_678_901.23].every(hasAtMostPaise)).toBe(true);
    expect([0.001, 6131.605, 1e-7, Number.NaN].some(hasAtMostPaise)).toBe(false);
  });

  it('refuses negatives, zero (unless allowed), strings, NaN, Infinity and more than two decimals', () => {
    const amount = rupeesField({ label: 'The bid' });
    for (const bad of [0.001, -1, 0, 'abc', '100', Number.NaN, Infinity, -Infinity, null, 1e14]) {
      expect(amount.safeParse(bad).success, String(bad)).toBe(false);
    }
    expect(amount.safeParse(0.001).error?.issues[0]?.message).toMatch(/more than two decimals/);
    expect(rupeesField({ allowZero: true }).safeParse(0).success).toBe(true);
    expect(amount.safeParse(18_12_345.5).data).toBe(18_12_345.5);
  });

  it('is the amount of every money body', () => {
    const base = { application_id: '00000000-0000-4000-8000-000000000001', kind: 'debit', reason: 'A correction' };
    expect(prepareLedgerAdjustmentRequestSchema.safeParse({ ...base, amount: 0.001 }).success).toBe(false);
    expect(prepareLedgerAdjustmentRequestSchema.safeParse({ ...base, amount: 0.01 }).success).toBe(true);
    expect(placeBidRequestSchema.safeParse({ amount: 1_812_345.505 }).success).toBe(false);
    expect(
      createPaymentRequestSchema.safeParse({
        invoice_id: base.application_id,
        application_id: base.application_id,
        amount: 100.001,
      }).success,
    ).toBe(false);
  });
});
