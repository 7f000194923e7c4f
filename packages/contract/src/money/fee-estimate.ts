/** What an application will cost, from the fee schedule (FEES): the invoices submission raises and the premium that
 * follows approval. The wizard and the public fee page show it before anything is owed; the figures are the ones
 * the server raises, because both read invoicesOnSubmit and the same rates. */
import { FEES, invoicesOnSubmit, roundRupees } from '../limits';

export interface FeeEstimate {
  valuation: number;
  /** The processing fee before GST, its GST, and the two together (the processing_fee invoice). */
  processingFee: number;
  processingFeeGst: number;
  processingFeeWithGst: number;
  /** Earnest money deposit: the emd invoice. */
  emd: number;
  /** Everything raised on submission (the processing fee with GST plus the EMD). */
  dueOnSubmit: number;
  /** The first premium instalment, raised only when an approved application moves to payment. */
  premiumInstalment: number;
  /** Days each invoice is given to be paid. */
  dueDays: number;
}

/** The first premium instalment the premium_instalment invoice carries for an asset of this valuation. */
export function premiumInstalmentAmount(valuation: number): number {
  return roundRupees(valuation * FEES.premiumInstalmentRateOfValuation);
}

/** The fee estimate for an asset valued at `valuation` rupees (a finite number, 0 or more). */
export function feeEstimate(valuation: number): FeeEstimate {
  if (!Number.isFinite(valuation) || valuation < 0) {
    throw new RangeError(`A valuation must be a finite number of rupees, 0 or more (got ${valuation})`);
  }
  const onSubmit = invoicesOnSubmit(valuation);
  const amountOf = (type: 'processing_fee' | 'emd') => onSubmit.find((invoice) => invoice.type === type)?.amount ?? 0;
  const processingFeeWithGst = amountOf('processing_fee');
  return {
    valuation,
    processingFee: FEES.processingFee,
    processingFeeGst: roundRupees(processingFeeWithGst - FEES.processingFee),
    processingFeeWithGst,
    emd: amountOf('emd'),
    dueOnSubmit: roundRupees(onSubmit.reduce((sum, invoice) => sum + invoice.amount, 0)),
    premiumInstalment: premiumInstalmentAmount(valuation),
    dueDays: FEES.invoiceDueDays,
  };
}
