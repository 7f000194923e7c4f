/** Signing in and out, registering, and recovering or changing a password (decision record 010). */
import crypto from 'node:crypto';
import {
  PASSWORD_RESET_LINK_MINUTES,
  SIGN_IN_FAILURES_BEFORE_LOCK,
  SIGN_IN_LOCK_BASE_MINUTES,
  SIGN_IN_LOCK_MAX_MINUTES,
  type ChangePasswordRequest,
  type Language,
  type RegisterRequest,
  type ResetPasswordRequest,
  type User,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, HttpError, notFound, unauthorized } from '../../core/http-error';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import type { CurrentUser } from '../../plugins/auth';
import { enqueueMail } from '../../repositories/mail-outbox';
import { consumeResetToken, findUsableResetToken, replaceResetToken } from '../../repositories/password-resets';
import { createSession, deleteDeadSessions, revokeSession, revokeUserSessions } from '../../repositories/sessions';
import {
  clearSignInFailures,
  lockedForSeconds,
  recordSignInFailure,
  type LockRule,
} from '../../repositories/sign-in-locks';
import { findUserByEmail, findUserById, insertUser, toUser, updateUserPassword } from '../../repositories/users';

export const INVALID_LOGIN = 'Incorrect email or password';

export const DEACTIVATED_LOGIN = 'This account has been deactivated. Please contact the administrator.';

export const INVALID_RESET_LINK =
  'This password reset link is not valid: it was already used, a newer one was sent, or it has expired. Ask for a new link.';

export const INCORRECT_CURRENT_PASSWORD = 'The current password is not correct';

/** Five failures lock an email for 15 minutes, the next lock within a day for 30, then 60 ... up to a day. */
export const SIGN_IN_LOCK_RULE: LockRule = {
  failuresBeforeLock: SIGN_IN_FAILURES_BEFORE_LOCK,
  baseLockSeconds: SIGN_IN_LOCK_BASE_MINUTES * 60,
  maxLockSeconds: SIGN_IN_LOCK_MAX_MINUTES * 60,
  forgetFailuresAfterSeconds: 60 * 60,
  forgetLocksAfterSeconds: 24 * 60 * 60,
};

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The sign-in lock's key of an email: a hash, so the table holds no addresses, made the same way whether or not
 * an account has the email. */
export function signInLockKey(email: string): string {
  return crypto
    .createHash('sha256')
    .update(`sign-in-lock\u0000${normalEmail(email)}`)
    .digest('base64url');
}

function accountLocked(seconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new HttpError(
    429,
    `Too many failed sign-ins for this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
    'account_locked',
    { headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) } },
  );
}

async function refuseWhileLocked(db: Database, key: string): Promise<void> {
  const seconds = await lockedForSeconds(db, key);
  if (seconds > 0) throw accountLocked(seconds);
}

/** Opens a session and answers a token that names it. The user's dead sessions are cleared on the way. */
export async function openSession(db: Database, tokens: TokenService, userId: string): Promise<string> {
  await deleteDeadSessions(db, userId);
  const sessionId = await createSession(db, userId, tokens.lifetimeSeconds);
  return tokens.issue({ userId, sessionId });
}

/** A locked email is refused before any password is checked, whether or not it has an account, so the answer tells
 * nothing about the account. A deactivated account is told so whatever password is given: saying it only after the
 * right password would confirm the password to whoever is guessing. That it exists and is deactivated is all anyone
 * learns, and registering with the email would already tell them it exists. The password is checked all the same,
 * so the answer takes as long either way. */
export async function login(db: Database, tokens: TokenService, email: string, password: string): Promise<string> {
  const key = signInLockKey(email);
  await refuseWhileLocked(db, key);
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (!user || !valid) {
    // The failure that locks the email answers as any other; the next attempt is told of the lock.
    await recordSignInFailure(db, key, SIGN_IN_LOCK_RULE);
    throw user && !user.isActive
      ? unauthorized(DEACTIVATED_LOGIN, 'account_deactivated')
      : unauthorized(INVALID_LOGIN, 'invalid_credentials');
  }
  if (!user.isActive) throw unauthorized(DEACTIVATED_LOGIN, 'account_deactivated');
  await clearSignInFailures(db, key);
  return openSession(db, tokens, user.id);
}

/** Ends the session of the token that asked; the token answers 401 from then on. */
export async function logout(db: Database, user: CurrentUser, sessionId: string): Promise<void> {
  await revokeSession(db, user.id, sessionId);
}

export async function register(db: Database, request: RegisterRequest): Promise<User> {
  assertAcceptablePassword(request.password, { email: request.email, fullName: request.full_name }, 'body.password');
  const passwordHash = await hashPassword(request.password);
  // In a transaction, so the audit trail records the request (db/audit-context.ts).
  const row = await db.transaction((tx) =>
    insertUser(tx, {
      email: request.email,
      passwordHash,
      fullName: request.full_name,
      role: 'entrepreneur',
    }),
  );
  if (!row) throw conflict('An account with this email already exists');
  return toUser(row);
}

/** Changes the signed-in user's password and ends every other session of the user; the one asking stays signed in.
 * A wrong current password counts as a failed sign-in, so a stolen token cannot guess it without limit. */
export async function changePassword(
  db: Database,
  user: CurrentUser,
  sessionId: string,
  request: ChangePasswordRequest,
): Promise<void> {
  const key = signInLockKey(user.email);
  await refuseWhileLocked(db, key);
  const row = await findUserById(db, user.id);
  if (!row) throw notFound('User not found');
  if (!(await verifyPassword(row.passwordHash, request.current_password))) {
    await recordSignInFailure(db, key, SIGN_IN_LOCK_RULE);
    throw new HttpError(422, `current_password: ${INCORRECT_CURRENT_PASSWORD}`, 'incorrect_password', {
      errors: [{ path: 'body.current_password', message: INCORRECT_CURRENT_PASSWORD }],
    });
  }
  assertAcceptablePassword(request.new_password, { email: row.email, fullName: row.fullName }, 'body.new_password');
  const passwordHash = await hashPassword(request.new_password);
  await db.transaction(async (tx) => {
    await updateUserPassword(tx, row.id, passwordHash);
    await revokeUserSessions(tx, row.id, sessionId);
  });
}

const hashResetToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Mails a one-time reset link when an active account has the email, in the same transaction as the link's row;
 * earlier links of the account stop working. Nothing is said of whether it did: the caller answers the same either
 * way, and the same work (a token, its hash, a transaction with the same delete) is done either way. */
export async function requestPasswordReset(db: Database, email: string, publicUrl: string): Promise<void> {
  const token = crypto.randomBytes(32).toString('base64url');
  const tokenHash = hashResetToken(token);
  const user = await findUserByEmail(db, email);
  const target = user?.isActive ? user : null;
  await db.transaction(async (tx) => {
    await replaceResetToken(tx, target?.id ?? null, tokenHash, PASSWORD_RESET_LINK_MINUTES);
    if (!target) return;
    await enqueueMail(tx, {
      to: target.email,
      userId: target.id,
      template: 'password_reset',
      params: {
        full_name: target.fullName,
        reset_url: `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
        expires_minutes: PASSWORD_RESET_LINK_MINUTES,
      },
      language: target.language as Language,
    });
  });
}

/** Sets a new password from a reset link: the link works once, within its time, if it is the newest of its
 * account. Every session of the user ends, and the email's sign-in lock is lifted (the link proves the mailbox). A
 * refused password leaves the link usable. */
export async function resetPassword(db: Database, request: ResetPasswordRequest): Promise<void> {
  const tokenHash = hashResetToken(request.token);
  const link = await findUsableResetToken(db, tokenHash);
  const user = link && (await findUserById(db, link.userId));
  if (!user || !user.isActive) throw badRequest(INVALID_RESET_LINK, 'invalid_reset_token');
  assertAcceptablePassword(request.password, { email: user.email, fullName: user.fullName }, 'body.password');
  const passwordHash = await hashPassword(request.password);
  await db.transaction(async (tx) => {
    // Checked again as it is spent: of two requests with one link, only one gets here.
    if (!(await consumeResetToken(tx, tokenHash))) throw badRequest(INVALID_RESET_LINK, 'invalid_reset_token');
    await updateUserPassword(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id);
    await clearSignInFailures(tx, signInLockKey(user.email));
  });
}
