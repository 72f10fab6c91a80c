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

async function parseBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return null as T;
  const text = await res.text();
  if (!text) return null as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

export async function apiRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method,
    signal,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(res);
  return parseBody<T>(res);
}

export const api = {
  get: <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  patch: <T>(url: string, body: unknown) => apiRequest<T>('PATCH', url, body),
  delete: <T>(url: string) => apiRequest<T>('DELETE', url),
};

/** Reading mode from the spec: with "returnNull" a 401 yields null instead of failing. */
export function getQueryFn<T>(on401: 'returnNull' | 'throw' = 'throw') {
  return async (url: string): Promise<T | null> => {
    try {
      return await api.get<T>(url);
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
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
