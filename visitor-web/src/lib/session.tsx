import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api, ApiError } from './api-client';
import {
  clearStoredSession,
  generateSessionId,
  isLoggedOut,
  LOGGED_OUT_KEY,
  readStoredSession,
  SESSION_KEY,
  setLoggedOut,
  storeSession,
} from './session-storage';
import type { Session } from '../api/types';

export const SESSION_QUERY_KEY = queryKey('/api/session');

/** Keeps the record in storage; reads that answer no sessionId (GET, profile update) keep the stored one. */
export function remember(s: Session): Session {
  const sessionId = s.sessionId || readStoredSession()?.sessionId || '';
  storeSession({ sessionId, username: s.username, emailVerified: Boolean(s.emailVerified) });
  return { ...s, sessionId };
}

export function postSession(body: {
  sessionId: string;
  username?: string;
  latitude?: number;
  longitude?: number;
}): Promise<Session> {
  return api.post('/api/session', { body });
}

/**
 * Session start (spec §4). A magic-link landing (?verified=true) adopts the session the server
 * just put in the cookie (POST /api/session/adopt, the one call that answers its id), before
 * anything could overwrite it. Otherwise: logged-out flag set → no user; else the stored session
 * (or a new one) is posted and the answer stored.
 */
export async function bootstrapSession(search: string): Promise<Session | null> {
  const params = new URLSearchParams(search);
  if (params.get('verified') === 'true') {
    try {
      const s = await api.post('/api/session/adopt');
      setLoggedOut(false);
      return remember(s);
    } catch {
      /* fall back to the normal start */
    }
  }
  if (isLoggedOut()) return null;
  const stored = readStoredSession();
  if (stored) {
    try {
      return remember(
        await postSession({ sessionId: stored.sessionId, ...(stored.username ? { username: stored.username } : {}) }),
      );
    } catch (err) {
      // A record the server refuses (400/404/409) is replaced by a fresh session; outages surface.
      if (!(err instanceof ApiError) || err.status >= 500 || err.status === 429) throw err;
    }
  }
  return remember(await postSession({ sessionId: generateSessionId() }));
}

interface SessionContextValue {
  user: Session | null;
  isLoading: boolean;
  error: Error | null;
  /** The logged-out flag as it was when the page loaded (the Welcome Back dialog follows it). */
  loggedOut: boolean;
  retry: () => void;
  setUser: (s: Session) => void;
  logout: () => void | Promise<void>;
  loginAsNewUser: () => Promise<void>;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [loggedOut] = useState(isLoggedOut);
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: () => bootstrapSession(window.location.search),
  });

  // The flag and the session record are shared by all tabs: follow changes made elsewhere.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === LOGGED_OUT_KEY && e.oldValue !== e.newValue) window.location.reload();
      if (e.key === SESSION_KEY && e.newValue) {
        const current = queryClient.getQueryData<Session | null>(SESSION_QUERY_KEY);
        try {
          const next = JSON.parse(e.newValue) as { sessionId?: string };
          if (current && next.sessionId && next.sessionId !== current.sessionId) window.location.reload();
        } catch {
          /* ignore */
        }
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const setUser = useCallback(
    (s: Session) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, remember(s));
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    // the server ends this browser's session first, so its cookie opens nothing afterwards;
    // offline or failing, the spec's client steps still follow
    await api.post('/api/session/logout').catch(() => undefined);
    clearStoredSession();
    setLoggedOut(true);
    window.location.reload();
  }, []);

  const loginAsNewUser = useCallback(async () => {
    setLoggedOut(false);
    const sessionId = generateSessionId();
    try {
      remember(await postSession({ sessionId }));
    } catch {
      storeSession({ sessionId, username: '', emailVerified: false });
    }
    window.location.reload();
  }, []);

  const { refetch } = query;
  const value = useMemo<SessionContextValue>(
    () => ({
      user: query.data ?? null,
      isLoading: query.isPending,
      error: query.error,
      loggedOut,
      retry: () => void refetch(),
      setUser,
      logout,
      loginAsNewUser,
    }),
    [query.data, query.isPending, query.error, refetch, loggedOut, setUser, logout, loginAsNewUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
