/** The stored session (bearer token and user record) in local storage, under the keys 'token' and 'user'. */
import { ROLES, type User } from '@portal/contract';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';

export interface StoredSession {
  token: string;
  user: User;
}

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** The session kept from an earlier visit, or null when either half is missing or unreadable. */
export function readStoredSession(): StoredSession | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  try {
    const user: unknown = JSON.parse(rawUser);
    return isStoredUser(user) ? { token, user } : null;
  } catch {
    return null;
  }
}

// Checked by hand rather than with the contract's zod schema: this runs on the sign-in page, which must not load zod.
function isStoredUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.email === 'string' &&
    typeof user.full_name === 'string' &&
    typeof user.is_active === 'boolean' &&
    typeof user.created_at === 'string' &&
    (ROLES as readonly unknown[]).includes(user.role)
  );
}

export function storeSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
