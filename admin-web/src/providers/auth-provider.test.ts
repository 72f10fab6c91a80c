import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import { getAdminToken, TOKEN_KEY } from './admin-session';
import { authProvider } from './auth-provider';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('authProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('logs in with POST /api/admin/login and keeps the token as adminToken, never the password', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(json(200, { token: 'tok_abc', expiresAt: '2030-01-01', username: 'admin' }));
    vi.stubGlobal('fetch', fetch);
    await authProvider.login({ username: 'admin', password: 's3cret-pass' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ username: 'admin', password: 's3cret-pass' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok_abc');
    expect(JSON.stringify({ ...localStorage })).not.toContain('s3cret-pass');
    expect(JSON.stringify({ ...localStorage })).not.toContain(btoa('admin:s3cret-pass'));
    await expect(authProvider.getIdentity!()).resolves.toEqual({ id: 'admin', fullName: 'admin' });
  });

  it("says 'Invalid credentials' on a 401 and 'Login failed' when the network fails; stores nothing", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { message: 'Invalid credentials' })));
    await expect(authProvider.login({ username: 'admin', password: 'x' })).rejects.toThrow(TEXTS.loginInvalid);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(authProvider.login({ username: 'admin', password: 'x' })).rejects.toThrow(TEXTS.loginFailed);
    expect(getAdminToken()).toBeNull();
  });

  it("passes the throttle's message on (429)", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(429, { message: 'Too many failed admin logins.' })));
    await expect(authProvider.login({ username: 'admin', password: 'x' })).rejects.toThrow(
      'Too many failed admin logins.',
    );
  });

  it('logout revokes the token on the server and clears it, even when the server is unreachable', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok_1');
    const fetch = vi.fn().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    await expect(authProvider.logout({})).resolves.toBe('/');
    expect(fetch).toHaveBeenCalledWith('/api/admin/logout', expect.objectContaining({ method: 'POST' }));
    expect(fetch.mock.calls[0]![1].headers.Authorization).toBe('Bearer tok_1');
    expect(getAdminToken()).toBeNull();

    localStorage.setItem(TOKEN_KEY, 'tok_2');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await authProvider.logout({});
    expect(getAdminToken()).toBeNull();
  });

  it('without a token, checkAuth refuses with the missing-token text', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ message: TEXTS.missingToken });
    localStorage.setItem(TOKEN_KEY, 't');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('a 401 ends the session with the spec text (the population variant on its page); a 500 never does', async () => {
    await expect(authProvider.checkError({ status: 401, url: '/api/admin/users' })).rejects.toMatchObject({
      message: TEXTS.sessionExpired,
    });
    await expect(authProvider.checkError({ status: 401, url: '/api/admin/populate-votes' })).rejects.toMatchObject({
      message: TEXTS.populationSessionExpired,
    });
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 503 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 404 })).resolves.toBeUndefined();
  });
});
