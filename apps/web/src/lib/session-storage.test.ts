// The stored session is trusted only when both halves are there and the user record has the shape of a user.
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredSession, storeSession, TOKEN_KEY, USER_KEY } from './session-storage';

const user = {
  id: '7f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
  email: 'ravi@example.com',
  full_name: 'Ravi Kumar',
  role: 'entrepreneur' as const,
  is_active: true,
  created_at: '2026-11-22T10:00:00.000Z',
};

afterEach(() => localStorage.clear());

describe('readStoredSession', () => {
  it('gives back what was stored', () => {
    storeSession({ token: 'a.b.c', user });
    expect(readStoredSession()).toEqual({ token: 'a.b.c', user });
  });

  it('answers null when either half is missing', () => {
    localStorage.setItem(TOKEN_KEY, 'a.b.c');
    expect(readStoredSession()).toBeNull();
    localStorage.clear();
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    expect(readStoredSession()).toBeNull();
  });

  it('answers null for a user record that is not JSON, lacks a field or names an unknown role', () => {
    localStorage.setItem(TOKEN_KEY, 'a.b.c');
    for (const stored of [
      '{not json',
      JSON.stringify({ ...user, role: 'superuser' }),
      JSON.stringify({ ...user, email: undefined }),
      JSON.stringify({ ...user, is_active: 'yes' }),
      JSON.stringify(null),
    ]) {
      localStorage.setItem(USER_KEY, stored);
      expect(readStoredSession(), stored).toBeNull();
    }
  });
});
