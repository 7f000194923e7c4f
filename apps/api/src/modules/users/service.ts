/** Officer accounts: the admin creates them, changes their role and deactivates them. */
import type { CreateUserRequest, Role, UpdateUserRequest, User } from '@portal/contract';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import type { CurrentUser } from '../../plugins/auth';
import { findUserById, insertUser, listUsers, toUser, updateUser } from '../../repositories/users';

export async function listAllUsers(db: Database, role?: Role): Promise<User[]> {
  return (await listUsers(db, role)).map(toUser);
}

export async function createUser(db: Database, _admin: CurrentUser, request: CreateUserRequest): Promise<User> {
  const passwordHash = await hashPassword(request.password);
  const row = await insertUser(db, { email: request.email, passwordHash, fullName: request.full_name, role: request.role });
  if (!row) throw conflict('An account with this email already exists');
  return toUser(row);
}

export async function updateUserAccount(db: Database, admin: CurrentUser, id: string, request: UpdateUserRequest): Promise<User> {
  if (!(await findUserById(db, id))) throw notFound('User not found');
  if (id === admin.id && (request.is_active === false || (request.role && request.role !== 'admin'))) {
    throw badRequest('You cannot deactivate your own account or remove your own admin role');
  }
  const row = await updateUser(db, id, {
    ...(request.role !== undefined && { role: request.role }),
    ...(request.is_active !== undefined && { isActive: request.is_active }),
    ...(request.full_name !== undefined && { fullName: request.full_name }),
  });
  return toUser(row!);
}
