/** Officer accounts: the admin creates them, changes their role and deactivates them; the first admin of a
 * deployment comes from the admin:create command. Entrepreneurs register themselves and keep their role. */
import {
  isApplicant,
  isApplicantRole,
  type CreateUserRequest,
  type UpdateUserRequest,
  type User,
  type UserListQuery,
} from '@portal/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound, unprocessable } from '../../core/http-error';
import type { Page } from '../../core/list-page';
import { assertAcceptablePassword } from '../../lib/password-policy';
import { hashPassword } from '../../lib/passwords';
import type { CurrentUser } from '../../plugins/auth';
import { findUserById, insertUser, searchUsers, toUser, updateUser } from '../../repositories/users';
import { findZone } from '../../repositories/assets';

export async function listAllUsers(db: Database, query: UserListQuery): Promise<Page<User>> {
  const page = await searchUsers(db, query);
  return { ...page, items: page.items.map(toUser) };
}

const ENTREPRENEUR_ROLE_REFUSED = 'Entrepreneurs register themselves; choose an officer or finance role';

export async function createUser(db: Database, _admin: CurrentUser, request: CreateUserRequest): Promise<User> {
  if (isApplicant(request)) throw badRequest(ENTREPRENEUR_ROLE_REFUSED);
  const zone = await checkedZone(db, request.zone);
  return insertAccount(db, { ...request, zone });
}

/** An officer's zone must be one the assets use (spelt as they spell it); null or absent is every zone. */
async function checkedZone(db: Database, zone: string | null | undefined): Promise<string | null | undefined> {
  if (zone === undefined || zone === null) return zone;
  const found = await findZone(db, zone);
  if (!found) throw unprocessable(`zone: No asset is in the zone "${zone}"; choose one of the zones the assets use`);
  return found;
}

/** The command-line path: makes an admin account, whatever else the database holds. */
export async function createAdminAccount(db: Database, request: Omit<CreateUserRequest, 'role'>): Promise<User> {
  return insertAccount(db, { ...request, role: 'admin' });
}

async function insertAccount(db: Database, request: CreateUserRequest): Promise<User> {
  // The same password rule as registering, resetting and changing one (decision record 010).
  assertAcceptablePassword(request.password, { email: request.email, fullName: request.full_name }, 'body.password');
  const passwordHash = await hashPassword(request.password);
  // In a transaction, so the audit trail names who made the account (db/audit-context.ts).
  const row = await db.transaction((tx) =>
    insertUser(tx, {
      email: request.email,
      passwordHash,
      fullName: request.full_name,
      role: request.role,
      zone: request.zone ?? null,
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
  if (
    request.role === undefined &&
    request.is_active === undefined &&
    request.full_name === undefined &&
    request.zone === undefined
  ) {
    throw unprocessable('Nothing to change: give a role, is_active, full_name or zone');
  }
  const existing = await findUserById(db, id);
  if (!existing) throw notFound('User not found');
  if (id === admin.id && (request.is_active === false || (request.role && request.role !== 'admin'))) {
    throw badRequest('You cannot deactivate your own account or remove your own admin role');
  }
  // An entrepreneur's profile and applications hang on the role, so it neither changes to nor from entrepreneur.
  if (request.role && request.role !== existing.role && (isApplicantRole(request.role) || isApplicant(existing))) {
    throw badRequest(isApplicant(existing) ? "An entrepreneur's role cannot be changed" : ENTREPRENEUR_ROLE_REFUSED);
  }
  if (request.zone && isApplicant(existing)) throw badRequest("An entrepreneur's account has no zone");
  const zone = await checkedZone(db, request.zone);
  const row = await db.transaction((tx) =>
    updateUser(tx, id, {
      ...(zone !== undefined && { zone }),
      ...(request.role !== undefined && { role: request.role }),
      ...(request.is_active !== undefined && { isActive: request.is_active }),
      ...(request.full_name !== undefined && { fullName: request.full_name }),
    }),
  );
  if (!row) throw notFound('User not found');
  return toUser(row);
}
