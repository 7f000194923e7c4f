/** The session: token and user record kept in local storage, restored at start; AuthProvider and useAuth(). */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Me, TokenResponse, User } from '@portal/contract';
import { api, setUnauthorizedHandler } from './api-request';
import { changeLanguage, languageChosenSignedOut, storedLanguage } from './i18n';
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
  /** Signs in with a mobile number and the one-time code sent to it (decision 037): the same session as a password's. */
  loginWithCode: (mobile: string, code: string) => Promise<User>;
  /** Ends the session on the server (POST /auth/logout, so the token stops working), then clears it here and goes to
   * /login, whatever the server answered. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** How long signing out waits for the server before ending the session on this browser anyway. */
const LOGOUT_WAIT_MS = 5000;

/** POST /auth/login (form-encoded), then GET /auth/me with the new token. */
export async function signIn(email: string, password: string): Promise<StoredSession> {
  const { access_token: token } = await api.post<TokenResponse>('/auth/login', undefined, {
    form: { username: email, password },
  });
  return sessionOf(token);
}

/** POST /auth/code/sign-in, then GET /auth/me with the new token. */
export async function signInWithCode(mobile: string, code: string): Promise<StoredSession> {
  const { access_token: token } = await api.post<TokenResponse>('/auth/code/sign-in', { mobile, code });
  return sessionOf(token);
}

async function sessionOf(token: string): Promise<StoredSession> {
  const me = await api.get<Me>('/auth/me', { token });
  await applyAccountLanguage(me, token);
  const { language: _language, ...user } = me;
  return { token, user };
}

/** The account's language becomes the screens' language, unless the person chose one on the sign-in page just now:
 * that choice is newer, and is stored on the account instead. Neither may stop the sign-in. */
async function applyAccountLanguage(me: Me, token: string): Promise<void> {
  try {
    const chosen = languageChosenSignedOut();
    if (chosen && chosen !== me.language) await api.patch('/auth/me', { language: chosen }, { token });
    else if (me.language !== storedLanguage()) await changeLanguage(me.language);
  } catch {
    // The screens stay in the language they are in.
  }
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

  const logout = useCallback(async () => {
    const token = session?.token;
    if (token) {
      try {
        // Bounded, so a server that does not answer cannot keep anyone signed in on this browser.
        await api.post('/auth/logout', undefined, { token, signal: AbortSignal.timeout(LOGOUT_WAIT_MS) });
      } catch {
        // Already ended (401), unreachable or slow: the session ends here all the same.
      }
    }
    endSession();
  }, [session?.token, endSession]);

  const adopt = useCallback(
    (next: StoredSession) => {
      storeSession(next);
      queryClient.clear();
      setSession(next);
      return next.user;
    },
    [queryClient],
  );
  const login = useCallback(async (email: string, password: string) => adopt(await signIn(email, password)), [adopt]);
  const loginWithCode = useCallback(
    async (mobile: string, code: string) => adopt(await signInWithCode(mobile, code)),
    [adopt],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user: session?.user ?? null, token: session?.token ?? null, login, loginWithCode, logout }),
    [session, login, loginWithCode, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
