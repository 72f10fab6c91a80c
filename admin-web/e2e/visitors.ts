import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeImage, makeVideo } from './fixtures.mjs';
import { BASE } from './helpers';

/**
 * Visitors acting through the public API, for the trust & safety specs (issue 12): each spec
 * seeds its own uploaders, uploads and reports, so it does not depend on what ran before it
 * (the main walk ends with a database reset).
 */
export interface Visitor {
  id: number;
  username: string;
  cookie: string;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'hmv-trust-e2e-'));

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const sessionId = () => Array.from({ length: 32 }, () => ALNUM[(Math.random() * 62) | 0]).join('');

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what} → ${res.status} ${await res.text()}`);
  return res;
}

/** A new visitor; `at`: the location they shared. */
export async function newVisitor(at?: { latitude: number; longitude: number }): Promise<Visitor> {
  const res = await ok(
    await fetch(`${BASE}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sessionId: sessionId(), ...at }),
    }),
    'POST /api/session',
  );
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('vibe_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  const body = (await res.json()) as { id: number; username: string };
  return { id: body.id, username: body.username, cookie };
}

/** Uploads a generated image (or a 2 s video for a .mp4 name); answers the response, not only ok ones. */
export async function tryUpload(v: Visitor, name: string, seed = 1): Promise<Response> {
  const file = path.join(scratch, `${seed}-${name}`);
  const video = name.endsWith('.mp4');
  if (video ? !makeVideo(file) : !(await makeImage(file, seed, { width: 640, height: 480 }))) {
    throw new Error(`could not make ${name}`);
  }
  const form = new FormData();
  form.append('userId', String(v.id));
  form.append('file', new Blob([readFileSync(file)], { type: video ? 'video/mp4' : 'image/jpeg' }), name);
  return fetch(`${BASE}/api/media/upload`, { method: 'POST', headers: { Cookie: v.cookie }, body: form });
}

export async function upload(v: Visitor, name: string, seed = 1): Promise<{ id: number }> {
  return (await ok(await tryUpload(v, name, seed), `upload ${name}`)).json() as Promise<{ id: number }>;
}

export async function report(v: Visitor, mediaId: number, reason: string, note?: string): Promise<void> {
  await ok(
    await fetch(`${BASE}/api/media/${mediaId}/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: v.cookie },
      body: JSON.stringify(note === undefined ? { reason } : { reason, note }),
    }),
    `report ${mediaId}`,
  );
}

/** The visitor picks a username (3 to 32 letters, digits, - or _), as the profile page does. */
export async function rename(v: Visitor, username: string): Promise<void> {
  await ok(
    await fetch(`${BASE}/api/users/${v.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: v.cookie },
      body: JSON.stringify({ username }),
    }),
    `rename ${v.id}`,
  );
  v.username = username;
}

/** A JSON call to the admin API with a token. */
export async function adminApi<T>(token: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await ok(
    await fetch(BASE + url, {
      ...init,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    }),
    `${init.method ?? 'GET'} ${url}`,
  );
  return (await res.json()) as T;
}
