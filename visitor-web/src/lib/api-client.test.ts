import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage, nullOn401 } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends cookies and JSON, returns parsed JSON', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.post('/api/votes', { body: { userId: 1, mediaId: 2, isHot: true } })).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"userId":1,"mediaId":2,"isHot":true}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('turns a failure into "<status>: <body text>"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"statusCode":409,"message":"Username is already taken"}', { status: 409 })),
    );
    const err = await api.get('/api/site-config').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as Error).message).toBe('409: {"statusCode":409,"message":"Username is already taken"}');
    expect(errorMessage(err, 'fallback')).toBe('Username is already taken');
  });

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(api.get('/api/site-config')).rejects.toMatchObject({ message: '502: Bad Gateway', status: 502 });
  });

  it('uses the fallback message for non-JSON bodies and other errors', async () => {
    expect(errorMessage(new ApiError(500, 'oops', '500: oops'), 'Please try again later')).toBe(
      'Please try again later',
    );
    expect(errorMessage(new Error('x'), 'Failed to submit vote')).toBe('Failed to submit vote');
  });

  it('returns null on 401 in the returnNull reading mode, throws by default', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('no', { status: 401 })),
    );
    await expect(nullOn401(api.get('/api/session'))).resolves.toBeNull();
    await expect(api.get('/api/session')).rejects.toMatchObject({ message: '401: no' });
  });

  it('handles 200 with a JSON null body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('null', { status: 200 })),
    );
    await expect(api.get('/api/media/random/{userId}', { path: { userId: 1 } })).resolves.toBeNull();
  });
});
