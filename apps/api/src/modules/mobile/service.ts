/** A user's mobile number, verified by a code sent to it, and their SMS choices (decision 037). A number is kept
 * only once its code came back; a number another account has verified is refused then (409), never before, so asking
 * for a code tells nothing about other accounts. */
import { type Language, type MobileSettings, type SmsPreferencesRequest, type SmsTemplateCode } from '@portal/contract';
import type { Database } from '../../db/client';
import { conflict, HttpError, notFound } from '../../core/http-error';
import { checkCode, INVALID_CODE, issueCode } from '../../lib/one-time-codes';
import type { CurrentUser } from '../../plugins/auth';
import { removeMobile, setSmsOptedOut, setVerifiedMobile } from '../../repositories/one-time-codes';
import { findUserById, type UserRow } from '../../repositories/users';

function settingsOf(row: UserRow): MobileSettings {
  return {
    mobile: row.mobile,
    mobile_verified_at: row.mobileVerifiedAt ? row.mobileVerifiedAt.toISOString() : null,
    sms_opted_out: row.smsOptedOut as SmsTemplateCode[],
  };
}

async function userRow(db: Database, user: CurrentUser): Promise<UserRow> {
  const row = await findUserById(db, user.id);
  if (!row) throw notFound('User not found');
  return row;
}

export async function mobileSettings(db: Database, user: CurrentUser): Promise<MobileSettings> {
  return settingsOf(await userRow(db, user));
}

export async function sendVerificationCode(db: Database, key: Buffer, user: CurrentUser, mobile: string) {
  const row = await userRow(db, user);
  await issueCode(db, key, {
    purpose: 'verify_mobile',
    mobile,
    userId: row.id,
    to: { id: row.id, language: row.language as Language },
  });
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505' ||
  (error as { cause?: { code?: unknown } } | null)?.cause?.code === '23505';

export async function verifyMobile(
  db: Database,
  key: Buffer,
  user: CurrentUser,
  mobile: string,
  code: string,
): Promise<MobileSettings> {
  // A wrong code is the code field's fault here (422), not a lost session (401): the user is signed in.
  const wrongCode = () =>
    new HttpError(422, INVALID_CODE, 'invalid_code', { errors: [{ path: 'body.code', message: INVALID_CODE }] });
  const spent = await checkCode(db, key, { purpose: 'verify_mobile', mobile, code, ownerId: user.id }).catch(
    (error: unknown) => {
      throw error instanceof HttpError && error.code === 'invalid_code' ? wrongCode() : error;
    },
  );
  // A code sent for another account's verification is not this user's to spend.
  if (spent.userId !== user.id) throw wrongCode();
  try {
    const kept = await db.transaction((tx) => setVerifiedMobile(tx, user.id, mobile));
    if (!kept) throw conflict('This mobile number is already verified on another account', 'mobile_taken');
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('This mobile number is already verified on another account', 'mobile_taken');
    throw error;
  }
  return mobileSettings(db, user);
}

export async function forgetMobile(db: Database, user: CurrentUser): Promise<MobileSettings> {
  await db.transaction((tx) => removeMobile(tx, user.id));
  return mobileSettings(db, user);
}

export async function updateSmsPreferences(
  db: Database,
  user: CurrentUser,
  request: SmsPreferencesRequest,
): Promise<MobileSettings> {
  const row = await db.transaction((tx) => setSmsOptedOut(tx, user.id, [...new Set(request.sms_opted_out)]));
  if (!row) throw notFound('User not found');
  return settingsOf(row);
}
