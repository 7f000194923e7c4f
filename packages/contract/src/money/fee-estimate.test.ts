import { describe, expect, it } from 'vitest';
import { feeEstimate, premiumInstalmentAmount } from './fee-estimate';
import { FEES, invoicesOnSubmit, processingFeeWithGst } from '../limits';

describe('fee estimate', () => {
  it('gives the figures of the case in the issue: ₹11,800 processing fee and ₹5,35,000 EMD on a ₹53,50,000 asset', () => {
    expect(feeEstimate(5_350_000)).toEqual({
      valuation: 5_350_000,
      processingFee: 10_000,
      processingFeeGst: 1_800,
      processingFeeWithGst: 11_800,
      emd: 535_000,
      dueOnSubmit: 546_800,
      premiumInstalment: 1_337_500,
      dueDays: 30,
    });
  });

  it.each([0, 1, 1_234_567.89, 15_00_000, 999_999_999])(
    'matches the invoices submission raises and the premium approval raises, for a valuation of %d',
    (valuation) => {
      const estimate = feeEstimate(valuation);
      const raised = Object.fromEntries(invoicesOnSubmit(valuation).map((invoice) => [invoice.type, invoice.amount]));
      expect(estimate.processingFeeWithGst).toBe(raised.processing_fee);
      expect(estimate.processingFeeWithGst).toBe(processingFeeWithGst());
      expect(estimate.emd).toBe(raised.emd);
      expect(estimate.dueOnSubmit).toBeCloseTo(raised.processing_fee! + raised.emd!, 2);
      expect(estimate.processingFee + estimate.processingFeeGst).toBeCloseTo(estimate.processingFeeWithGst, 2);
      expect(estimate.premiumInstalment).toBe(premiumInstalmentAmount(valuation));
      expect(estimate.dueDays).toBe(FEES.invoiceDueDays);
    },
  );

  it('rounds to paise, as the invoices are stored', () => {
    expect(feeEstimate(1_234_567.89).emd).toBe(123_456.79);
    expect(premiumInstalmentAmount(1_234_567.89)).toBe(308_641.97);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a valuation of %d', (valuation) => {
    expect(() => feeEstimate(valuation)).toThrow(RangeError);
  });
});
