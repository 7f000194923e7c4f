/** One-time codes sent by SMS (decision 037, product decisions section 16): 6 random digits, kept only as an HMAC,
 * valid 5 minutes, 3 tries each, spent once; 10 wrong codes for a number within a day lock codes for that number for
 * 24 hours, and the owner is told by SMS and mail. Sign-in by code and the profile's mobile verification both use
 * these; the code itself is never logged or stored in the clear (its SMS waits sealed and is wiped once sent). */
import crypto from 'node:crypto';
import { ONE_TIME_CODE, type Language, type OneTimeCodePurpose } from '@portal/contract';
import type { Database } from '../db/client';
import { clock } from '../core/clock';
import { HttpError } from '../core/http-error';
import { enqueueMail } from '../repositories/mail-outbox';
import {
  lockLiveCode,
  markCodeUsed,
  replaceOneTimeCode,
  spendTry,
  type OneTimeCodeRow,
} from '../repositories/one-time-codes';
import { lockedForSeconds, recordSignInFailure, type LockRule } from '../repositories/sign-in-locks';
import { findUserById } from '../repositories/users';
import { codesMatch, hashCode, randomCode } from './sms/secrets';
import { queueCodeSms, smsToUser } from './sms/outbox';

const DAY_SECONDS = 24 * 60 * 60;

export const CODE_LOCK_RULE: LockRule = {
  failuresBeforeLock: ONE_TIME_CODE.wrongBeforeLock,
  baseLockSeconds: ONE_TIME_CODE.lockHours * 60 * 60,
  maxLockSeconds: ONE_TIME_CODE.lockHours * 60 * 60,
  forgetFailuresAfterSeconds: DAY_SECONDS,
  forgetLocksAfterSeconds: DAY_SECONDS,
};

/** The lock's key of a number: a hash, as the sign-in lock's of an email. */
export function codeLockKey(mobile: string): string {
  return crypto.createHash('sha256').update(`one-time-code-lock\u0000${mobile}`).digest('base64url');
}

export const INVALID_CODE = 'That code is not correct, or it has expired. Ask for a new code and try again.';

function codeLocked(seconds: number): HttpError {
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  return new HttpError(
    429,
    `Too many wrong codes for this number. Codes are locked for ${hours} hour${hours === 1 ? '' : 's'}.`,
    'code_locked',
    { headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) } },
  );
}

/**
 * Makes a code for the number and keeps its hash; sends it only when `to` is given (a registered number, or the
 * number a signed-in user is verifying). The same work is done either way, so the answer's time tells little.
 */
export async function issueCode(
  db: Database,
  key: Buffer,
  code: {
    purpose: OneTimeCodePurpose;
    mobile: string;
    userId: string | null;
    to: { id: string; language: Language } | null;
  },
): Promise<void> {
  const digits = randomCode(ONE_TIME_CODE.digits);
  await db.transaction(async (tx) => {
    await replaceOneTimeCode(tx, {
      purpose: code.purpose,
      mobile: code.mobile,
      userId: code.userId,
      codeHash: hashCode(key, code.mobile, digits),
      validMinutes: ONE_TIME_CODE.validMinutes,
    });
    if (!code.to) return;
    await queueCodeSms(
      tx,
      { id: code.to.id, mobile: code.mobile, language: code.to.language },
      { key, params: { code: digits, minutes: ONE_TIME_CODE.validMinutes } },
      `one_time_code:${crypto.randomUUID()}`,
    );
  });
}

/** Refuses a locked number before anything is checked. */
export async function refuseWhileCodesLocked(db: Database, mobile: string): Promise<void> {
  const seconds = await lockedForSeconds(db, codeLockKey(mobile));
  if (seconds > 0) throw codeLocked(seconds);
}

/**
 * Spends the number's live code when `code` is it, and answers its row; otherwise counts a try on it and a failure
 * on the number (the failure that locks it tells the owner) and refuses with 401 invalid_code.
 */
export async function checkCode(
  db: Database,
  key: Buffer,
  attempt: { purpose: OneTimeCodePurpose; mobile: string; code: string; ownerId: string | null },
): Promise<OneTimeCodeRow> {
  await refuseWhileCodesLocked(db, attempt.mobile);
  const spent = await db.transaction(async (tx) => {
    const live = await lockLiveCode(tx, attempt.mobile, attempt.purpose, ONE_TIME_CODE.triesPerCode);
    if (!live) return undefined;
    if (!codesMatch(key, attempt.mobile, attempt.code, live.codeHash)) {
      await spendTry(tx, live.id);
      return undefined;
    }
    await markCodeUsed(tx, live.id);
    return live;
  });
  if (spent?.userId || (spent && attempt.purpose === 'verify_mobile')) return spent;
  const lockedFor = await recordSignInFailure(db, codeLockKey(attempt.mobile), CODE_LOCK_RULE);
  if (lockedFor > 0 && attempt.ownerId) await tellOwnerOfLock(db, attempt.ownerId, attempt.mobile);
  throw new HttpError(401, INVALID_CODE, 'invalid_code');
}

/** The owner of a number just locked is told by SMS (to the number) and by mail, once per number and day. */
async function tellOwnerOfLock(db: Database, userId: string, mobile: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) return;
  const day = clock.now().toISOString().slice(0, 10);
  const dedupeKey = `code_locked:${mobile}:${day}`;
  await db.transaction(async (tx) => {
    await smsToUser(tx, user.id, 'code_locked', { hours: ONE_TIME_CODE.lockHours }, dedupeKey);
    await enqueueMail(tx, {
      to: user.email,
      userId: user.id,
      template: 'sign_in_code_locked',
      params: { full_name: user.fullName, hours: ONE_TIME_CODE.lockHours },
      language: user.language as Language,
      dedupeKey,
    });
  });
}
