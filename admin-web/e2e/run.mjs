#!/usr/bin/env node
/* global FormData, Blob */
// End-to-end run of the admin portal in Chromium (@playwright/test) against the real backend.
//
// Needs backend/dist/main.js and admin-web/dist (it builds nothing). Starts the API on a free
// port in the embedded default mode with a fresh DATA_DIR (PGlite, local bucket, outbox mail),
// whatever DATABASE_URL/REDIS_URL the caller exports; seeds a bucket of a few hundred images and
// some visitors; then runs admin-web/e2e/*.spec.ts, which walk every page, run each job and
// take screenshots into admin-web/e2e/screenshots/. Ends with "N passed, M failed".
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_KEEP=1 keeps the temp DATA_DIR,
// E2E_MEDIA_COUNT (default 240) images in the bucket. Arguments are passed on to `playwright test`
// (e.g. `node admin-web/e2e/run.mjs moderation` runs only moderation.spec.ts).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  finish,
  reportStartFailure,
  requireFiles,
  root,
  runPlaywright,
  sleep,
  startEmbeddedApi,
} from '../../scripts/e2e-harness.mjs';
import { makeImage, seedBucket } from './fixtures.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.join(root, 'backend', 'dist', 'main.js');
const ADMIN = { user: 'admin', pass: 'e2e-admin-password' };
const MEDIA_COUNT = Number(process.env.E2E_MEDIA_COUNT ?? 240);

requireFiles([
  ['backend build', serverEntry],
  ['admin build', path.join(root, 'admin-web', 'dist', 'index.html')],
  ['Chromium', chromium],
]);

// ------------------------------------------------------------ a stand-in for Nominatim (no internet here)
const CITIES = {
  '52.52,13.4': { city: 'Berlin', state: 'Berlin', country: 'Germany' },
  '48.86,2.35': { city: 'Paris', state: 'Ile-de-France', country: 'France' },
  '40.71,-74.01': { city: 'New York', state: 'New York', country: 'United States' },
  '35.68,139.69': { city: 'Tokyo', state: 'Tokyo', country: 'Japan' },
  '-33.87,151.21': { city: 'Sydney', state: 'New South Wales', country: 'Australia' },
};
// A spec can make it slow and name every place: POST /__control {"delayMs": 4000, "nameAll": true}.
const geocoderMode = { delayMs: 0, nameAll: false };
const geocoder = http.createServer((req, res) => {
  const u = new URL(req.url, 'http://x');
  if (u.pathname === '/__control') {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      Object.assign(geocoderMode, JSON.parse(body || '{}'));
      res.writeHead(204).end();
    });
    return;
  }
  const lat = Number(u.searchParams.get('lat'));
  const lon = Number(u.searchParams.get('lon'));
  const address =
    CITIES[`${lat},${lon}`] ??
    (geocoderMode.nameAll ? { city: `Place ${lat.toFixed(2)}`, country: 'Testland' } : undefined);
  setTimeout(() => {
    res.writeHead(address ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(address ? { address } : { error: 'Unable to geocode' }));
  }, geocoderMode.delayMs);
});
await new Promise((r) => geocoder.listen(0, '127.0.0.1', r));

// ------------------------------------------------------------ the API, embedded mode, fresh data dir
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hmv-admin-e2e-'));
const appData = path.join(dataDir, 'data');
const mediaDir = path.join(appData, 'media');
mkdirSync(mediaDir, { recursive: true });
console.log(`admin-web e2e — data dir ${dataDir}`);
const t0 = Date.now();
const bucket = await seedBucket(mediaDir, MEDIA_COUNT);
console.log(`  seeded the bucket: ${bucket.keys.length} objects (${bucket.videos} videos) in ${Date.now() - t0} ms`);

const api = await startEmbeddedApi({
  entry: serverEntry,
  logFile: path.join(dataDir, 'backend.log'),
  env: {
    DATA_DIR: appData,
    ADMIN_USERNAME: ADMIN.user,
    ADMIN_PASSWORD: ADMIN.pass,
    GEOCODER_URL: `http://127.0.0.1:${geocoder.address().port}`,
    ANALYTICS_URL: '',
  },
});
const origin = api.origin;
const done = (counts) => finish({ ...counts, api, dataDir, close: () => geocoder.close() });

try {
  await api.healthy();
  await seedVisitors();
} catch (err) {
  reportStartFailure('start-up and seeding', err);
  await done({ passed: 0, failed: 1 });
}

// ------------------------------------------------------------ visitors through the public API
async function seedVisitors() {
  const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const sessionId = () => Array.from({ length: 32 }, () => ALNUM[(Math.random() * 62) | 0]).join('');
  const places = Object.keys(CITIES).map((k) => k.split(',').map(Number));
  places.push([64.1466, -21.9426]); // the stand-in geocoder does not know it: coordinates are shown
  const visitors = [];
  for (let i = 0; i < 30; i++) {
    const body = { sessionId: sessionId() };
    if (i % 3 !== 2) [body.latitude, body.longitude] = places[Math.floor(i / 2) % places.length];
    const res = await fetch(`${origin}/api/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST /api/session → ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('vibe_session='))
      ?.split(';')[0];
    visitors.push({ ...(await res.json()), cookie, sessionId: body.sessionId });
  }
  // a few uploads by visitors, so the Media page shows more than the import user
  const fixtures = path.join(dataDir, 'uploads');
  mkdirSync(fixtures, { recursive: true });
  for (let i = 0; i < 8; i++) {
    const v = visitors[i % 4];
    const file = await makeImage(path.join(fixtures, `upload-${i}.jpg`), 100 + i, { width: 640, height: 480 });
    const form = new FormData();
    form.append('userId', String(v.id));
    form.append('file', new Blob([readFileSync(file)], { type: 'image/jpeg' }), `holiday-${i + 1}.jpg`);
    const res = await fetch(`${origin}/api/media/upload`, {
      method: 'POST',
      headers: { Cookie: v.cookie },
      body: form,
    });
    if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
    v.uploads = [...(v.uploads ?? []), await res.json()];
  }
  // votes between visitors on those uploads
  for (const v of visitors.slice(4, 14)) {
    for (const owner of visitors.slice(0, 4)) {
      for (const m of owner.uploads ?? []) {
        await fetch(`${origin}/api/votes`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: v.cookie },
          body: JSON.stringify({ userId: v.id, mediaId: m.id, isHot: Math.random() < 0.7 }),
        });
      }
    }
  }
  // three saved accounts: the magic link from the outbox, confirmed with its POST
  const outbox = path.join(appData, 'outbox');
  for (const [i, v] of visitors.slice(0, 3).entries()) {
    await fetch(`${origin}/api/auth/send-magic-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: v.cookie },
      body: JSON.stringify({ email: `operator.test+${i}@example.com`, username: v.username, sessionId: v.sessionId }),
    });
    let eml;
    for (let t = 0; t < 50 && !eml; t++) {
      const files = existsSync(outbox)
        ? readdirSync(outbox)
            .filter((f) => f.endsWith('.eml'))
            .sort()
        : [];
      eml = files[i];
      if (!eml) await sleep(200);
    }
    if (!eml) throw new Error('no magic-link e-mail in the outbox');
    const raw = readFileSync(path.join(outbox, eml), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/gi, '=');
    const token = /magic-link\?token=([A-Za-z0-9_\-.%]+)/.exec(raw)?.[1];
    if (!token) throw new Error('no magic link in the e-mail');
    await fetch(`${origin}/api/auth/magic-link`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: v.cookie },
      body: `token=${token}`,
      redirect: 'manual',
    });
  }
  console.log(`  seeded ${visitors.length} visitors, 8 uploads, votes and 3 saved accounts`);
}

// ------------------------------------------------------------ the Playwright suite
// (this process keeps answering as the stand-in geocoder meanwhile)
const counts = await runPlaywright({
  config: path.join(here, 'playwright.config.ts'),
  report: path.join(dataDir, 'report.json'),
  env: {
    E2E_BASE_URL: origin,
    E2E_ADMIN_USER: ADMIN.user,
    E2E_ADMIN_PASS: ADMIN.pass,
    E2E_DATA_DIR: appData,
    E2E_BUCKET_OBJECTS: String(bucket.keys.length),
    E2E_GEOCODER_URL: `http://127.0.0.1:${geocoder.address().port}`,
  },
});
await done(counts);
