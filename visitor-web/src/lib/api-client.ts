import { createApi, type Sent } from '@vibe/contract/client';

/**
 * The one HTTP client of the visitor app. Every call sends the session cookie; every non-2xx
 * answer becomes an ApiError whose message is "<status>: <body text>" (status text if empty).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new ApiError(res.status, text, `${res.status}: ${text}`);
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send({ method, url, body, signal, headers }: Sent): Promise<unknown> {
  // a POST always carries JSON (the server takes state changes as same-origin JSON only)
  const json = body ?? (method === 'POST' ? {} : undefined);
  const res = await fetch(url, {
    method,
    signal,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  await throwIfNotOk(res);
  return parseBody(res);
}

/** Every call names its route: `api.get('/api/users/{id}/stats', { path: { id } })`, typed by the contract. */
export const api = createApi(send);

/** A 401 read as "nobody": the spec's `returnNull` reading mode. */
export async function nullOn401<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** The human message in an error: the server's `message` field when the body is JSON. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    try {
      const parsed = JSON.parse(err.body) as { message?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
      if (Array.isArray(parsed.message) && parsed.message.length) return parsed.message.join(', ');
    } catch {
      /* not JSON */
    }
    return fallback;
  }
  return fallback;
}

export function isStatus(err: unknown, status: number): boolean {
  return err instanceof ApiError && err.status === status;
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

export class UploadError extends Error {
  /** the HTTP status; 0 when no answer came (the connection dropped), -1 when cancelled */
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress.
 * Errors carry the spec's texts: server message, "Upload failed with status N",
 * "Network error during upload".
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      const message =
        body && typeof body === 'object' && 'message' in body ? (body as { message: unknown }).message : undefined;
      reject(
        new UploadError(
          typeof message === 'string' && message ? message : `Upload failed with status ${xhr.status}`,
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new UploadError('Network error during upload'));
    xhr.onabort = () => reject(new UploadError('Upload cancelled', -1));
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
