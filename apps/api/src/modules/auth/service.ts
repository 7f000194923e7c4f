/** Signing in and registering. */
import type { RegisterRequest, User } from '@portal/contract';
import type { Database } from '../../db/client';
import { conflict, unauthorized } from '../../lib/http-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import { findUserByEmail, insertUser, toUser } from '../../repositories/users';

export const INVALID_LOGIN = 'Incorrect email or password';

export const DEACTIVATED_LOGIN = 'This account has been deactivated. Please contact the administrator.';

/** A deactivated account is told so whatever password is given: saying it only after the right password would
 * confirm the password to whoever is guessing. That it exists and is deactivated is all anyone learns, and
 * registering with the email would already tell them it exists. The password is checked all the same, so the
 * answer takes as long either way. */
export async function login(db: Database, tokens: TokenService, email: string, password: string): Promise<string> {
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash, password);
  if (user && !user.isActive) throw unauthorized(DEACTIVATED_LOGIN);
  if (!user || !valid) throw unauthorized(INVALID_LOGIN);
  return tokens.issue(user.id);
}

export async function register(db: Database, request: RegisterRequest): Promise<User> {
  const passwordHash = await hashPassword(request.password);
  // In a transaction, so the audit trail records the request (lib/audit-context.ts).
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
