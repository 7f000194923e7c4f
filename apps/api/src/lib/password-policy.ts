/** The password rule of every new password (register, reset, change, an admin's new account): at least
 * PASSWORD_MIN_LENGTH characters (the contract's schema) and not common or guessable, as zxcvbn-ts judges it with its
 * common dictionary (about 49,000 common passwords, plus keyboard patterns, sequences, repeats, dates and the
 * account's own email and name). Decision record 010. */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH, WEAK_PASSWORD_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE } from '@portal/contract';
import { HttpError } from '../core/http-error';

/** zxcvbn's score from 0 to 4; 3 means about 10^8 guesses or more ("safely unguessable" online, and some protection
 * against an offline attack on the slow hash). "Password@123" and "Welcome@123" score 2. */
export const MIN_PASSWORD_SCORE = 3;

/** Only this many characters are analysed: the estimate costs time on the main thread and grows with the length,
 * and a password whose first 64 characters are guessable is refused anyway. */
const ANALYSED_LENGTH = 64;

let estimator: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  // Built on first use: it indexes the dictionary, which takes a tenth of a second.
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary },
    graphs: adjacencyGraphs,
    maxLength: ANALYSED_LENGTH,
  });
  return estimator;
}

/** What the account is known by: guessing its password starts there. */
export interface PasswordOwner {
  email?: string | null;
  fullName?: string | null;
}

function ownerWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  const email = owner.email?.trim().toLowerCase();
  if (email) {
    words.add(email);
    const local = email.split('@')[0]!;
    words.add(local);
    for (const part of local.split(/[^a-z0-9]+/)) if (part.length >= 3) words.add(part);
  }
  const name = owner.fullName?.trim().toLowerCase();
  if (name) {
    words.add(name);
    words.add(name.replace(/\s+/g, ''));
    for (const part of name.split(/\s+/)) if (part.length >= 3) words.add(part);
  }
  // The portal's own words are the first an attacker tries on its accounts.
  for (const word of ['portal', 'iic', 'allotment', 'industrial', 'infrastructure', 'corporation']) words.add(word);
  return [...words];
}

export type PasswordVerdict = { ok: true } | { ok: false; reason: 'too_short' | 'weak' };

export function judgePassword(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'too_short' };
  const { score } = zxcvbn().check(password, ownerWords(owner));
  return score >= MIN_PASSWORD_SCORE ? { ok: true } : { ok: false, reason: 'weak' };
}

/** Throws 422 on `path` (as a schema's refusal names a field: `body.password`) when the password breaks the rule:
 * code `weak_password` for a common or guessable one. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner, path: string): void {
  const verdict = judgePassword(password, owner);
  if (verdict.ok) return;
  const field = path.replace(/^body\./, '');
  if (verdict.reason === 'too_short') {
    throw new HttpError(422, `${field}: ${PASSWORD_TOO_SHORT_MESSAGE}`, 'validation_failed', {
      errors: [{ path, message: PASSWORD_TOO_SHORT_MESSAGE }],
    });
  }
  throw new HttpError(422, `${field}: ${WEAK_PASSWORD_MESSAGE}`, 'weak_password', {
    errors: [{ path, message: WEAK_PASSWORD_MESSAGE }],
  });
}
