/** Sign-in by a one-time code sent to an entrepreneur's verified mobile (decision 037): the same session as a password
 * sign-in's. Asking for a code answers the same for every number, registered or not; only a registered, active
 * entrepreneur's number is sent one. */
import { isApplicantRole, type Language, type Role } from '@portal/contract';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { checkCode, INVALID_CODE, issueCode, refuseWhileCodesLocked } from '../../lib/one-time-codes';
import type { TokenService } from '../../lib/tokens';
import { findUserByVerifiedMobile } from '../../repositories/one-time-codes';
import { findUserById } from '../../repositories/users';
import { openSession } from './service';

/** The account a number signs into: an active entrepreneur's verified number, or none. */
async function signInAccountOf(db: Database, mobile: string) {
  const user = await findUserByVerifiedMobile(db, mobile);
  return user?.isActive && isApplicantRole(user.role as Role) ? user : undefined;
}

export async function requestSignInCode(db: Database, key: Buffer, mobile: string): Promise<void> {
  // A locked number is answered as any other; it is simply sent nothing.
  const locked = await refuseWhileCodesLocked(db, mobile).then(
    () => false,
    () => true,
  );
  const user = await signInAccountOf(db, mobile);
  await issueCode(db, key, {
    purpose: 'sign_in',
    mobile,
    userId: user?.id ?? null,
    to: user && !locked ? { id: user.id, language: user.language as Language } : null,
  });
}

export async function signInWithCode(
  db: Database,
  tokens: TokenService,
  key: Buffer,
  mobile: string,
  code: string,
): Promise<string> {
  const owner = await signInAccountOf(db, mobile);
  const spent = await checkCode(db, key, { purpose: 'sign_in', mobile, code, ownerId: owner?.id ?? null });
  const user = await findUserById(db, spent.userId!);
  // The number changed hands, or the account was deactivated or changed role, since the code was sent.
  if (!user || !user.isActive || user.mobile !== mobile || !isApplicantRole(user.role as Role)) {
    throw new HttpError(401, INVALID_CODE, 'invalid_code');
  }
  return openSession(db, tokens, user.id);
}
