/** The one schema of an amount of rupees in a request body (decision 019): every body that carries money (a payment,
 * a ledger adjustment, a bid, a reserve price, a valuation, a loan, an investment, a fee) reads it through
 * `rupeesField`, so an amount that is not a number, not finite, negative, or finer than a paisa is refused with 422
 * `validation_failed` before anything is written. An amount of more than two decimals is refused, never rounded: a
 * ledger adjustment of ₹0.001 rounded to paise would be ₹0, a debit of nothing. */
import { z } from 'zod';

/** The largest amount any body carries (the database's numeric(16,2) holds below 1e14). */
export const MONEY_MAX = 1e13;

/** Whether a number has at most two decimals, read as the sender wrote it (JSON's shortest form): 6131.6 and 0.07
 * pass, 0.001 and 1e-7 do not. */
export function hasAtMostPaise(value: number): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(String(value));
}

export interface RupeesFieldOptions {
  /** The field's name in the messages ("The bid"); without it the messages speak of "an amount". */
  label?: string;
  /** More than zero (the default) or zero allowed. */
  allowZero?: boolean;
  max?: number;
}

/** An amount of rupees: a finite number, at most two decimals, more than zero (or at least zero), at most `max`. */
export function rupeesField({ label, allowZero = false, max = MONEY_MAX }: RupeesFieldOptions = {}) {
  const name = label ?? 'The amount';
  const number = z
    .number({ error: label ? `${label} must be a number` : 'Enter an amount in rupees' })
    .finite({ error: `${name} must be a number` });
  return (
    allowZero
      ? number.nonnegative({ error: `${name} cannot be negative` })
      : number.positive({ error: `${name} must be more than zero` })
  )
    .max(max, { error: `${name} is too large` })
    .refine(hasAtMostPaise, { error: `${name} has more than two decimals: give rupees and paise` });
}
