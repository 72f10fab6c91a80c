import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEXTS } from '../lib/texts';
import { TOKEN_KEY } from './admin-session';
import { dataProvider } from './data-provider';
import { errorMessage } from './http';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('dataProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists speak ra-data-simple-rest and carry the session token as a Bearer header', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok_list');
    const fetch = vi.fn().mockResolvedValue(json(200, [{ id: 1 }], { 'Content-Range': 'media 0-0/57' }));
    vi.stubGlobal('fetch', fetch);
    const page = await dataProvider.getList('media', {
      pagination: { page: 2, perPage: 24 },
      sort: { field: 'uploadedAt', order: 'DESC' },
      filter: { type: 'video' },
    });
    expect(page.total).toBe(57);
    const [url, init] = fetch.mock.calls[0]!;
    const u = new URL(url, 'http://x');
    expect(u.pathname).toBe('/api/admin/media');
    expect(JSON.parse(u.searchParams.get('range')!)).toEqual([24, 47]);
    expect(JSON.parse(u.searchParams.get('sort')!)).toEqual(['uploadedAt', 'DESC']);
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer tok_list');
  });

  it('a list whose total the API estimated (X-Total-Estimated) says so in meta; an exact one does not', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(200, [{ id: 1 }], { 'Content-Range': 'media 0-0/1234567', 'X-Total-Estimated': 'true' }),
      )
      .mockResolvedValueOnce(json(200, [{ id: 1 }], { 'Content-Range': 'media 0-0/57' }));
    vi.stubGlobal('fetch', fetch);
    const params = { pagination: { page: 1, perPage: 24 }, sort: { field: 'id', order: 'DESC' as const }, filter: {} };
    const estimated = await dataProvider.getList('media', { ...params, filter: { q: 'a' } });
    expect(estimated.total).toBe(1234567);
    expect(estimated.meta).toEqual({ totalEstimated: true });
    const exact = await dataProvider.getList('media', params);
    expect(exact.total).toBe(57);
    expect(exact.meta?.totalEstimated).toBeUndefined();
  });

  it('deletes a media selection with one server call', async () => {
    const fetch = vi.fn().mockResolvedValue(json(200, { deleted: [3, 4, 5], notFound: [] }));
    vi.stubGlobal('fetch', fetch);
    const r = await dataProvider.deleteMany('media', { ids: [3, 4, 5] });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/admin/media/delete');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ ids: [3, 4, 5] });
    expect(r.data).toEqual([3, 4, 5]);
  });

  it('starting a job that already runs (409 with its id) attaches to it instead of failing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        json(409, {
          statusCode: 409,
          error: 'job_running',
          message: 'import-media is already running',
          jobId: 'import-media-7',
        }),
      ),
    );
    await expect(dataProvider.startImport()).resolves.toEqual({ jobId: 'import-media-7', alreadyRunning: true });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(202, { jobId: 'import-media-8', id: 'import-media-8' })));
    await expect(dataProvider.startImport()).resolves.toEqual({ jobId: 'import-media-8', alreadyRunning: false });
  });

  it('a 409 without a job id is an error the page shows', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(409, { message: 'No vote population is running' })));
    const err = await dataProvider.controlPopulation('pause').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(errorMessage(err, TEXTS.populationFailed)).toBe('No vote population is running');
  });

  it('the duplicate scan starts with GET /api/admin/find-duplicates; the reset sends the phrase', async () => {
    const fetch = vi.fn().mockResolvedValue(json(202, { jobId: 'find-duplicates-1' }));
    vi.stubGlobal('fetch', fetch);
    await dataProvider.startDuplicateScan();
    expect(fetch.mock.calls[0]![0]).toBe('/api/admin/find-duplicates');
    expect(fetch.mock.calls[0]![1].method ?? 'GET').toBe('GET');
    fetch.mockResolvedValue(json(200, { success: true, message: 'done' }));
    await dataProvider.resetDatabase();
    expect(JSON.parse(fetch.mock.calls[1]![1].body)).toEqual({ confirm: 'RESET DATABASE' });
  });
});

describe('errorMessage (spec §8: the response message, else the page default)', () => {
  it('prefers the server message, falls back to the default for network errors', () => {
    expect(errorMessage(new HttpError('x', 400, { message: 'Invalid URL: bad' }), 'Save Failed')).toBe(
      'Invalid URL: bad',
    );
    expect(errorMessage(new HttpError('', 500, {}), TEXTS.bucketLoadFailed)).toBe(TEXTS.bucketLoadFailed);
    expect(errorMessage(new TypeError('Failed to fetch'), TEXTS.exportFailed)).toBe(TEXTS.exportFailed);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(TEXTS.unknownError);
    expect(errorMessage(new HttpError('x', 400, { message: ['a', 'b'] }))).toBe('a, b');
  });
});
