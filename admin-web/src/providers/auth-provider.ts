import type { Schema } from '@vibe/contract/client';
import type { AuthProvider } from 'react-admin';
import { TEXTS } from '../lib/texts';
import { clearAdminSession, getAdminToken, getAdminUsername, setAdminSession } from './admin-session';
import type { AdminHttpError } from './http';

type LoginAnswer = Schema<'AdminLoginAnswerDto'>;

/**
 * The portal exchanges the password once for an expiring admin token (POST /api/admin/login)
 * and sends it as a Bearer token; the password itself is never stored. Logged out, every page
 * shows the login form at /adm (the layout does that), so there is no redirect chain to loop in.
 */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    let res: Response;
    try {
      res = await fetch('/api/admin/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ username, password }),
        credentials: 'same-origin',
      });
    } catch {
      throw new Error(TEXTS.loginFailed);
    }
    if (res.status === 401) throw new Error(TEXTS.loginInvalid);
    const body = (await res.json().catch(() => null)) as (Partial<LoginAnswer> & { message?: string }) | null;
    if (!res.ok || !body?.token) throw new Error(body?.message || TEXTS.loginFailed);
    setAdminSession(body.token, body.username ?? username);
  },

  async logout() {
    const token = getAdminToken();
    if (token) {
      // revoke server-side; the local session ends whatever the answer
      await fetch('/api/admin/logout', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
        keepalive: true,
      }).catch(() => undefined);
    }
    clearAdminSession();
    return '/';
  },

  async checkAuth() {
    if (!getAdminToken()) throw { message: TEXTS.missingToken, redirectTo: '/' };
  },

  /** Only a 401 ends the session; a 500 (or any other failure) never logs the operator out. */
  async checkError(error: AdminHttpError | undefined) {
    if (error?.status !== 401) return;
    const population = typeof error.url === 'string' && error.url.includes('/populate-votes');
    throw { message: population ? TEXTS.populationSessionExpired : TEXTS.sessionExpired, redirectTo: '/' };
  },

  async getIdentity() {
    const name = getAdminUsername() ?? 'admin';
    return { id: name, fullName: name };
  },
};
