/** The stored session (bearer token and user record) in local storage, under the keys 'token' and 'user'. */
import { userSchema, type User } from '@portal/contract';

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
    const parsed = userSchema.safeParse(JSON.parse(rawUser));
    return parsed.success ? { token, user: parsed.data } : null;
  } catch {
    return null;
  }
}

export function storeSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(USER_KEY, JSON.stringify(session.user));
}

export function clearStoredSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}
