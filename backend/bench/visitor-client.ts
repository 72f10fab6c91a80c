import { randomUUID } from 'node:crypto';

/** A visitor of the bench: the session cookie, and the address it claims through X-Forwarded-For (loopback is a trusted proxy). */
export interface BenchVisitor {
  id: number;
  username: string;
  sessionId: string;
  cookie: string;
  ip?: string;
}

export interface UploadAnswer {
  status: number;
  id: number | null;
  /** time to the final answer, retries included */
  ms: number;
  body: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const addressHeader = (v: { ip?: string }): Record<string, string> => (v.ip ? { 'x-forwarded-for': v.ip } : {});

/** POST /api/session as the visitor app does; null when refused (e.g. the address's session budget is spent). */
export async function tryNewVisitor(baseUrl: string, ip?: string): Promise<BenchVisitor | null> {
  const sessionId = randomUUID().replace(/-/g, '');
  const res = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...addressHeader({ ip }) },
    body: JSON.stringify({ sessionId }),
  });
  if (!res.ok) return null;
  const { id, username } = (await res.json()) as { id: number; username: string };
  return { id, username, sessionId, cookie: String(res.headers.get('set-cookie')).split(';')[0]!, ip };
}

export async function newVisitor(baseUrl: string, ip?: string): Promise<BenchVisitor> {
  const v = await tryNewVisitor(baseUrl, ip);
  if (!v) throw new Error(`POST /api/session was refused${ip ? ` for ${ip}` : ''}`);
  return v;
}

/**
 * POST /api/media/upload as the browser sends it (file, then userId). With `untilAccepted`, a 429
 * or 503 is retried after its Retry-After, as the visitor app does (the upload gate answers a
 * visitor's 4th upload in flight that way), for at most 5 minutes.
 */
export async function postUpload(
  baseUrl: string,
  v: BenchVisitor,
  body: Blob,
  name: string,
  { untilAccepted = false } = {},
): Promise<UploadAnswer> {
  const started = performance.now();
  for (;;) {
    const form = new FormData();
    form.append('file', body, name);
    form.append('userId', String(v.id));
    const res = await fetch(`${baseUrl}/api/media/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: v.cookie, ...addressHeader(v) },
    });
    const text = await res.text();
    const retryAfter = Number(res.headers.get('retry-after'));
    if (untilAccepted && (res.status === 429 || res.status === 503) && performance.now() - started < 300_000) {
      await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 1000);
      continue;
    }
    const id = res.status === 201 ? (JSON.parse(text) as { id: number }).id : null;
    return { status: res.status, id, ms: performance.now() - started, body: text };
  }
}

/** postUpload until accepted; throws with the answer when it is not a 201. */
export async function uploadAccepted(baseUrl: string, v: BenchVisitor, body: Blob, name: string): Promise<number> {
  const r = await postUpload(baseUrl, v, body, name, { untilAccepted: true });
  if (r.id === null) throw new Error(`upload of ${name} answered ${r.status}: ${r.body}`);
  return r.id;
}
