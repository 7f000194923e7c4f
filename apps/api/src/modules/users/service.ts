/** Officer accounts: the admin creates them, changes their role and deactivates them; the first admin of a
 * deployment comes from the admin:create command. Entrepreneurs register themselves and keep their role. */
import type { CreateUserRequest, UpdateUserRequest, User, UserListQuery } from '@portal/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../core/http-error';
import type { Page } from '../../core/list-page';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { CurrentUser } from '../../plugins/auth';
import { findUserById, insertUser, searchUsers, toUser, updateUser } from '../../repositories/users';

export async function listAllUsers(db: Database, query: UserListQuery): Promise<Page<User>> {
  const page = await searchUsers(db, query);
  return { ...page, items: page.items.map(toUser) };
}

const ENTREPRENEUR_ROLE_REFUSED = 'Entrepreneurs register themselves; choose an officer or finance role';

export async function createUser(db: Database, _admin: CurrentUser, request: CreateUserRequest): Promise<User> {
  if (request.role === 'entrepreneur') throw badRequest(ENTREPRENEUR_ROLE_REFUSED);
  return insertAccount(db, request);
}

/** The command-line path: makes an admin account, whatever else the database holds. */
export async function createAdminAccount(db: Database, request: Omit<CreateUserRequest, 'role'>): Promise<User> {
  return insertAccount(db, { ...request, role: 'admin' });
}

async function insertAccount(db: Database, request: CreateUserRequest): Promise<User> {
  // The same password rule as registering, resetting and changing one (decision record 010).
  assertAcceptablePassword(request.password, { email: request.email, fullName: request.full_name }, 'body.password');
  const passwordHash = await hashPassword(request.password);
  // In a transaction, so the audit trail names who made the account (core/audit-context.ts).
  const row = await db.transaction((tx) =>
    insertUser(tx, {
      email: request.email,
      passwordHash,
      fullName: request.full_name,
      role: request.role,
    }),
  );
  if (!row) throw conflict('An account with this email already exists');
  return toUser(row);
}

export async function updateUserAccount(
  db: Database,
  admin: CurrentUser,
  id: string,
  request: UpdateUserRequest,
): Promise<User> {
  if (request.role === undefined && request.is_active === undefined && request.full_name === undefined) {
    throw unprocessable('Nothing to change: give a role, is_active or full_name');
  }
  const existing = await findUserById(db, id);
  if (!existing) throw notFound('User not found');
  if (id === admin.id && (request.is_active === false || (request.role && request.role !== 'admin'))) {
    throw badRequest('You cannot deactivate your own account or remove your own admin role');
  }
  // An entrepreneur's profile and applications hang on the role, so it neither changes to nor from entrepreneur.
  if (
    request.role &&
    request.role !== existing.role &&
    (request.role === 'entrepreneur' || existing.role === 'entrepreneur')
  ) {
    throw badRequest(
      existing.role === 'entrepreneur' ? "An entrepreneur's role cannot be changed" : ENTREPRENEUR_ROLE_REFUSED,
    );
  }
  const row = await db.transaction((tx) =>
    updateUser(tx, id, {
      ...(request.role !== undefined && { role: request.role }),
      ...(request.is_active !== undefined && { isActive: request.is_active }),
      ...(request.full_name !== undefined && { fullName: request.full_name }),
    }),
  );
  if (!row) throw notFound('User not found');
  return toUser(row);
}
