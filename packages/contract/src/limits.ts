/** Business constants of the spec's section 9 and the fee schedule of the product decisions (section 5). */
export const RECENT_APPLICATIONS_ON_DASHBOARD = 5;
export const RECENT_PAYMENTS_ON_FINANCE_DASHBOARD = 10;
export const REPORT_TABLE_ROWS = 50;
export const WIZARD_STEPS = 4;
export const POSSESSION_CERTIFICATE_NUMBER_LENGTH = 12;
export const TOAST_DURATION_MS = 4000;
export const TOASTS_VISIBLE = 3;
export const PASSWORD_MIN_LENGTH = 8;
export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** One CSV import holds at most this many asset rows (the file is also capped at MAX_UPLOAD_BYTES). */
export const MAX_ASSET_IMPORT_ROWS = 5000;

export const FEES = {
  processingFee: 10_000,
  gstRate: 0.18,
  emdRateOfValuation: 0.1,
  premiumInstalmentRateOfValuation: 0.25,
  invoiceDueDays: 30,
} as const;

/** Rupees rounded to paise, so sums never drift. */
export function roundRupees(amount: number): number {
  return Math.round(amount * 100) / 100;
}

export function processingFeeWithGst(): number {
  return roundRupees(FEES.processingFee * (1 + FEES.gstRate));
}

/** The invoices a submitted application owes at once: the processing fee with GST and the EMD. */
export function invoicesOnSubmit(valuation: number): { type: 'processing_fee' | 'emd'; amount: number }[] {
  return [
    { type: 'processing_fee', amount: processingFeeWithGst() },
    { type: 'emd', amount: roundRupees(valuation * FEES.emdRateOfValuation) },
  ];
}

export function possessionCertificateNumber(possessionId: string): string {
  return possessionId.slice(0, POSSESSION_CERTIFICATE_NUMBER_LENGTH).toUpperCase();
}
