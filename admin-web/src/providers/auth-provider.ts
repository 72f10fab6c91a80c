import type { AuthProvider } from 'react-admin';

/** Spec §6: the Basic credential is kept in local storage as adminToken and sent on every admin call. */
export const TOKEN_KEY = 'adminToken';

export const adminToken = () => localStorage.getItem(TOKEN_KEY);

export const authProvider: AuthProvider = {
  // a login is verified by calling the admin media list, which answers 401 for wrong credentials
  async login({ username, password }: { username: string; password: string }) {
    const token = btoa(`${username}:${password}`);
    let res: Response;
    try {
      res = await fetch('/api/admin/media?range=[0,0]', {
        headers: { Authorization: `Basic ${token}` },
        credentials: 'include',
      });
    } catch {
      throw new Error('Login failed');
    }
    if (res.status === 429) throw new Error('Too many failed attempts. Please wait and try again.');
    if (!res.ok) throw new Error('Invalid credentials');
    localStorage.setItem(TOKEN_KEY, token);
  },
  async logout() {
    localStorage.removeItem(TOKEN_KEY);
  },
  async checkAuth() {
    if (!adminToken()) throw new Error('Admin authentication required. Please log in to the admin portal first.');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      throw new Error('Authentication failed: Your admin session may have expired. Please log in again at /adm');
    }
  },
  async getIdentity() {
    const token = adminToken();
    const name = token ? atob(token).split(':')[0] : 'admin';
    return { id: name ?? 'admin', fullName: name };
  },
  async getPermissions() {
    return 'admin';
  },
};
