import type { BenchApp } from './context.js';
import { newVisitor } from './visitor-client.js';

/** The URL fields a visitor answer carries (the spec's `url` and the renditions beside it). */
const URL_FIELDS = ['url', 'thumbUrl', 'previewUrl', 'fullUrl', 'playbackUrl'] as const;

export interface StrangerBytes {
  items: number;
  files: number;
  bytes: number;
  /** each leak string found, once per file it was found in */
  leaks: number;
  /** originals a stranger fetched with 200 (tried by their /media/<key> URL, for every row) */
  originalsServed: number;
}

/** Every URL of one answered item: its fields and each srcset candidate. */
function urlsOf(item: Record<string, unknown>): string[] {
  const urls = URL_FIELDS.map((f) => item[f]).filter((u): u is string => typeof u === 'string');
  const srcset = typeof item.srcset === 'string' ? item.srcset.split(',').map((c) => c.trim().split(' ')[0]!) : [];
  return [...urls, ...srcset];
}

/**
 * Issue 26's "location strings in every byte a stranger can fetch": a visitor from an address of
 * its own takes the random pick until it has rated everything, fetches every file each answer
 * names, and asks for every row's original by its URL as well; `leaks` are searched as raw bytes.
 */
export async function strangerBytes(app: BenchApp, leaks: readonly string[]): Promise<StrangerBytes> {
  const stranger = await newVisitor(app.baseUrl, '192.0.2.250');
  const headers = { cookie: stranger.cookie, 'x-forwarded-for': '192.0.2.250' };
  const urls = new Set<string>();
  let items = 0;
  for (let i = 0; i < 1000; i++) {
    const res = await fetch(`${app.baseUrl}/api/media/random/${stranger.id}`, { headers });
    if (res.status === 404) break;
    if (!res.ok) throw new Error(`the random pick answered ${res.status}`);
    const item = (await res.json()) as Record<string, unknown> & { id: number };
    items++;
    for (const u of urlsOf(item)) urls.add(u);
    const vote = await fetch(`${app.baseUrl}/api/votes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: stranger.id, mediaId: item.id, isHot: true }),
    });
    if (!vote.ok) throw new Error(`the vote answered ${vote.status}`);
  }
  const { rows } = await app.db.query<{ storage_key: string }>(`SELECT storage_key FROM media`);
  let originalsServed = 0;
  for (const r of rows) {
    const url = `/media/${r.storage_key.split('/').map(encodeURIComponent).join('/')}`;
    const res = await fetch(`${app.baseUrl}${url}`, { headers });
    if (res.ok) {
      originalsServed++;
      urls.add(url);
    } else await res.arrayBuffer();
  }
  let bytes = 0;
  let found = 0;
  for (const u of urls) {
    const res = await fetch(new URL(u, app.baseUrl), { headers });
    if (!res.ok) continue;
    const body = Buffer.from(await res.arrayBuffer());
    bytes += body.length;
    found += leaks.filter((l) => body.includes(Buffer.from(l, 'latin1'))).length;
  }
  return { items, files: urls.size, bytes, leaks: found, originalsServed };
}
