import { createApi, type Sent } from '@vibe/contract/client';
import { fetchUtils, HttpError } from 'react-admin';
import { TEXTS } from '../lib/texts';
import { getAdminToken } from './admin-session';

/** An HttpError that remembers which URL answered, so a 401 can say which page's session ended. */
export type AdminHttpError = HttpError & { url?: string };

export function authHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init ?? { Accept: 'application/json' });
  const token = getAdminToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** JSON calls to the admin API with the session token (ra-data-simple-rest's httpClient). */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  try {
    return await fetchUtils.fetchJson(url, {
      ...options,
      headers: authHeaders(options.headers as HeadersInit | undefined),
      credentials: 'same-origin',
    });
  } catch (err) {
    if (err instanceof HttpError) (err as AdminHttpError).url = url;
    throw err;
  }
}

/**
 * The portal's own calls by route (`api.get('/api/admin/jobs/{id}', { path: { id } })`), typed by
 * the contract, sent through httpClient: the token, and react-admin's HttpError on a failure.
 */
export const api = createApi(
  async ({ method, url, body, signal, headers }: Sent) =>
    (
      await httpClient(url, {
        method,
        signal,
        headers: new Headers({ Accept: 'application/json', ...headers }),
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json as unknown,
);

/** A raw fetch with the token (downloads, login probes); errors are the caller's. */
export const authFetch = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: authHeaders(init.headers), credentials: 'same-origin' });

/**
 * Spec §8: failure messages come from the response's error or message field, else the page's
 * default, else 'Unknown error occurred'. A network failure gives the default.
 */
export function errorMessage(err: unknown, fallback: string = TEXTS.unknownError): string {
  if (err instanceof HttpError) {
    const body = err.body as { message?: unknown; error?: unknown } | undefined;
    const message = Array.isArray(body?.message) ? body.message.join(', ') : body?.message;
    if (typeof message === 'string' && message) return message;
    if (typeof body?.error === 'string' && body.error && !/^[a-z_]+$/.test(body.error)) return body.error;
    return err.message && !/^\d+$/.test(err.message) ? err.message : fallback;
  }
  return fallback;
}

export const httpStatus = (err: unknown): number | undefined =>
  err instanceof HttpError ? err.status : (err as { status?: number } | null)?.status;
