import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapSession, remember } from './session';
import { generateSessionId, isLoggedOut, LOGGED_OUT_KEY, readStoredSession, SESSION_KEY } from './session-storage';

const session = (over: Record<string, unknown> = {}) => ({
  id: 7,
  sessionId: 'A'.repeat(32),
  username: 'HappyJumpingOtter',
  email: null,
  emailVerified: false,
  latitude: null,
  longitude: null,
  createdAt: '2025-01-01T00:00:00Z',
  ...over,
});

const fetchMock = vi.fn();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('session ids', () => {
  it('are 32 characters of [A-Za-z0-9] and random', () => {
    const a = generateSessionId();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(generateSessionId()).not.toBe(a);
  });
});

describe('bootstrapSession', () => {
  it('creates, posts and stores a new session on the first visit', async () => {
    fetchMock.mockImplementation((_url: string, init: RequestInit) =>
      json(session({ sessionId: JSON.parse(String(init.body)).sessionId })),
    );
    const s = await bootstrapSession('');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/session');
    const body = JSON.parse(String(init.body));
    expect(body.sessionId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(s?.username).toBe('HappyJumpingOtter');
    expect(readStoredSession()).toEqual({
      sessionId: body.sessionId,
      username: 'HappyJumpingOtter',
      emailVerified: false,
    });
  });

  it('re-posts the stored session', async () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ sessionId: 'B'.repeat(32), username: 'Stored', emailVerified: false }),
    );
    fetchMock.mockImplementation(() => json(session({ sessionId: 'B'.repeat(32), username: 'Stored' })));
    await bootstrapSession('');
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({
      sessionId: 'B'.repeat(32),
      username: 'Stored',
    });
  });

  it('has no user while the logged-out flag is set', async () => {
    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    await expect(bootstrapSession('')).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adopts the cookie session on a magic-link landing and clears the flag', async () => {
    localStorage.setItem(LOGGED_OUT_KEY, 'true');
    fetchMock.mockImplementation(() =>
      json(session({ sessionId: 'C'.repeat(32), emailVerified: true, email: 'a@b.c' })),
    );
    const s = await bootstrapSession('?verified=true');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/session/adopt');
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].method).toBe('POST');
    expect(s?.sessionId).toBe('C'.repeat(32));
    expect(isLoggedOut()).toBe(false);
    expect(readStoredSession()?.emailVerified).toBe(true);
  });

  it('keeps the stored session id when an answer carries none (reads and profile updates)', () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ sessionId: 'E'.repeat(32), username: 'Before', emailVerified: false }),
    );
    const { sessionId: _omitted, ...profile } = session({ username: 'Renamed' });
    const s = remember(profile as unknown as Parameters<typeof remember>[0]);
    expect(s.sessionId).toBe('E'.repeat(32));
    expect(readStoredSession()).toEqual({ sessionId: 'E'.repeat(32), username: 'Renamed', emailVerified: false });
  });

  it('replaces a stored session the server refuses', async () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ sessionId: 'D'.repeat(32), username: 'Old', emailVerified: false }),
    );
    fetchMock.mockImplementationOnce(() => json({ message: 'bad' }, 400)).mockImplementationOnce(() => json(session()));
    const s = await bootstrapSession('');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body)).sessionId).not.toBe(
      'D'.repeat(32),
    );
    expect(s?.id).toBe(7);
  });
});
