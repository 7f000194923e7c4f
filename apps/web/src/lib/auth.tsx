/** The session: token and user record kept in local storage, restored at start; AuthProvider and useAuth(). */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TokenResponse, User } from '@portal/contract';
import { api, setUnauthorizedHandler } from './api-client';
import {
  clearStoredSession,
  readStoredSession,
  storeSession,
  TOKEN_KEY,
  USER_KEY,
  type StoredSession,
} from './session-storage';

export interface AuthContextValue {
  user: User | null;
  token: string | null;
  /** Signs in and stores the session; resolves with the user, rejects with the API's error. */
  login: (email: string, password: string) => Promise<User>;
  /** Clears the session and goes to /login. */
  logout: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** POST /auth/login (form-encoded), then GET /auth/me with the new token. */
export async function signIn(email: string, password: string): Promise<StoredSession> {
  const { access_token: token } = await api.post<TokenResponse>('/auth/login', undefined, {
    form: { username: email, password },
  });
  const user = await api.get<User>('/auth/me', { token });
  return { token, user };
}

/** Must sit inside the router (it navigates) and inside the QueryClientProvider (it empties the cache on sign-out). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<StoredSession | null>(readStoredSession);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const endSession = useCallback(() => {
    clearStoredSession();
    setSession(null);
    // The next person on this browser must not see the last one's data.
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);

  useEffect(() => {
    setUnauthorizedHandler(endSession);
    return () => setUnauthorizedHandler(null);
  }, [endSession]);

  // Signing out (or in as someone else) in another tab applies here too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
      const stored = readStoredSession();
      if (!stored) endSession();
      else setSession((current) => (current?.token === stored.token ? current : stored));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [endSession]);

  const login = useCallback(
    async (email: string, password: string) => {
      const next = await signIn(email, password);
      storeSession(next);
      queryClient.clear();
      setSession(next);
      return next.user;
    },
    [queryClient],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user: session?.user ?? null, token: session?.token ?? null, login, logout: endSession }),
    [session, login, endSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
