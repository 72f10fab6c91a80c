import { HttpError } from 'react-admin';
import { authFetch } from '../providers/http';

export interface DownloadProgress {
  received: number;
  /** from Content-Length; null while the server streams without one */
  total: number | null;
}

interface DownloadOptions {
  /** the name to save under when no Content-Disposition says */
  fallbackName: string;
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
}

export function filenameFrom(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) return decodeURIComponent(star);
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Fetches a file from the admin API with the admin token (a bare link would send none, and the
 * browser would save a 401 page as the file), reading the stream to report progress, then saves
 * it under the server's name. A non-2xx answer is an HttpError with the server's message.
 */
export async function downloadFile(
  url: string,
  { fallbackName, onProgress, signal }: DownloadOptions,
): Promise<{ filename: string; bytes: number }> {
  const res = await authFetch(url, { signal, headers: { Accept: '*/*' } });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text body
    }
    const message = (body as { message?: string } | null)?.message ?? (text || res.statusText);
    throw new HttpError(message, res.status, body);
  }
  const length = Number(res.headers.get('Content-Length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress?.({ received, total });
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.({ received, total });
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    chunks.push(buf);
    received = buf.byteLength;
    onProgress?.({ received, total });
  }
  const filename = filenameFrom(res.headers.get('Content-Disposition'), fallbackName);
  const blob = new Blob(chunks as BlobPart[], { type: res.headers.get('Content-Type') ?? 'application/octet-stream' });
  saveBlob(blob, filename);
  return { filename, bytes: received };
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // revoking at once can cancel the download in some browsers
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
