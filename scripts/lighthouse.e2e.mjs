#!/usr/bin/env node
// Lighthouse 12 (its default mobile preset: a phone screen, simulated slow 4G, 4x CPU) on the
// production build, served by the API in the embedded mode: `/` with a photo to rate, a share page
// (/r/{shareId}, its owner let search engines list it) and the admin login (/adm). Accessibility,
// Best Practices and SEO must score 100 — on /adm every SEO audit but "is-crawlable", because
// robots.txt keeps crawlers out of the portal on purpose. Lighthouse 12 has no PWA category any
// more, so the installability checks run here in Chromium: the manifest with no installability
// error, a service worker controlling the page, the start URL answering 200 offline with the
// offline line, and no API answer or media file in its caches.
// `--perf` adds Performance on / (three runs) for the README: a figure for a quiet machine, not
// asserted (CI's machine is shared). Needs `npm run build` and Chromium (CHROMIUM_PATH).
// Ends with "N passed, M failed".
/* global FormData, Blob, navigator, caches */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {
  assert,
  checks,
  chromium as CHROMIUM,
  finish,
  freePort,
  requireFiles,
  root,
  sleep,
  startEmbeddedApi,
} from './e2e-harness.mjs';

const require = createRequire(path.join(root, 'package.json'));
const { chromium } = require('playwright-core');
const { default: lighthouse } = await import('lighthouse');

const serverEntry = path.join(root, 'backend/dist/main.js');
requireFiles([
  ['backend build (npm run build)', serverEntry],
  ['visitor build (npm run build)', path.join(root, 'visitor-web/dist/index.html')],
  ['admin build (npm run build)', path.join(root, 'admin-web/dist/index.html')],
  ['Chromium', CHROMIUM],
]);
const perf = process.argv.includes('--perf');

const { counts, check } = checks();

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vibe-lighthouse-'));
const api = await startEmbeddedApi({
  entry: serverEntry,
  logFile: path.join(dataDir, 'api.log'),
  env: { DATA_DIR: dataDir, ADMIN_PASSWORD: 'lighthouse-admin-pass' },
});
await api.healthy();
const { origin } = api;

/** An uploader with a photo others can rate (renditions made) and an indexable share link to it. */
async function seed() {
  const sessionId = Array.from(
    { length: 32 },
    () => 'abcdefghijklmnopqrstuvwxyzABCDEF'[Math.floor(Math.random() * 32)],
  ).join('');
  const session = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  });
  assert(session.ok, `session ${session.status}`);
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { id: userId } = await session.json();
  const call = (method, url, body) =>
    fetch(`${origin}${url}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  // a 1200x900 photo: big enough that the stage asks the preview rendition
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
    .composite([
      { input: Buffer.from('<svg width="1200" height="900"><circle cx="600" cy="450" r="300" fill="#f1c40f"/></svg>') },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'sunset.jpg');
  const up = await fetch(`${origin}/api/media/upload`, { method: 'POST', headers: { cookie }, body: form });
  assert(up.ok, `upload ${up.status}: ${await up.clone().text()}`);
  const { id: mediaId } = await up.json();
  for (const until = Date.now() + 60_000; ; await sleep(250)) {
    const stats = await (await call('GET', `/api/users/${userId}/stats`)).json();
    if (stats.mediaStats.find((m) => m.id === mediaId)?.previewUrl) break;
    assert(Date.now() < until, 'renditions not made within 60 s');
  }
  const link = await (await call('POST', '/api/shares', { mediaId })).json();
  assert((await call('PATCH', `/api/shares/${link.shareId}`, { indexable: true })).ok, 'share link indexable');
  return { shareUrl: `${origin}/r/${link.shareId}` };
}

const { shareUrl } = await seed();
const debugPort = await freePort();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [`--remote-debugging-port=${debugPort}`],
});

async function audit(url, categories) {
  const result = await lighthouse(url, {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
  });
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

/** Audits of a category that did not pass, by id (informative and not-applicable ones never count). */
const failing = (lhr, category) =>
  lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => a.id);

const pages = [
  { name: '/', url: `${origin}/`, allowed: [] },
  { name: 'a share page', url: shareUrl, allowed: [] },
  { name: '/adm (login)', url: `${origin}/adm/`, allowed: ['is-crawlable'] },
];
for (const p of pages) {
  let lhr;
  await check(`Lighthouse runs on ${p.name}`, async () => {
    lhr = await audit(p.url, ['accessibility', 'best-practices', 'seo']);
  });
  if (!lhr) continue;
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round(c.score * 100)]));
  console.log(`     ${p.name}: ${JSON.stringify(scores)}`);
  for (const category of ['accessibility', 'best-practices', 'seo'])
    await check(`${p.name}: ${category} 100`, () => {
      const bad = failing(lhr, category).filter((id) => !(category === 'seo' && p.allowed.includes(id)));
      assert(bad.length === 0, `failing audits: ${bad.join(', ')}`);
    });
}

await check(
  'installable: manifest without installability errors, a worker controls the page, offline start URL 200',
  async () => {
    // a profile on disk: Chromium never offers to install from an incognito-like context, which
    // is what browser.newContext() makes (installability error "in-incognito")
    const context = await chromium.launchPersistentContext(mkdtempSync(path.join(dataDir, 'profile-')), {
      executablePath: CHROMIUM,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${origin}/`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      assert(
        await page.evaluate(() => navigator.serviceWorker.controller !== null),
        'no service worker controls the page',
      );
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      assert(manifest.errors.length === 0, `manifest errors: ${JSON.stringify(manifest.errors)}`);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      assert(installabilityErrors.length === 0, `installability errors: ${JSON.stringify(installabilityErrors)}`);
      const cached = await page.evaluate(async () => {
        const urls = [];
        for (const name of await caches.keys())
          for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
        return urls;
      });
      const wrong = cached.filter((u) => /\/(api|media|adm)\//.test(new URL(u).pathname));
      assert(wrong.length === 0, `the worker cached ${wrong.join(', ')}`);
      await context.setOffline(true);
      // and through the page's own DevTools session: with a persistent profile Playwright's
      // offline alone leaves navigator.onLine true, as a flaky link would (the app then only sees failures)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: true,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const offline = await page.reload();
      assert(offline?.status() === 200, `offline start URL answered ${offline?.status()}`);
      await page
        .getByText('Offline — your votes and uploads wait')
        .waitFor({ timeout: 10_000 })
        .catch(async (err) => {
          const shot = path.join(dataDir, 'offline.png');
          await page.screenshot({ path: shot });
          throw new Error(
            `${err.message} (onLine=${await page.evaluate(() => navigator.onLine)}; the page: ${shot}; its text: ${(await page.innerText('body')).slice(0, 200)})`,
          );
        });
    } finally {
      await context.close();
    }
  },
);

await check('the admin portal has no service worker of its own', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/adm/`);
    await page.waitForLoadState('load');
    assert((await page.evaluate(() => navigator.serviceWorker.getRegistrations())).length === 0, 'a worker registered');
  } finally {
    await context.close();
  }
});

if (perf) {
  for (let i = 1; i <= 3; i++) {
    const lhr = await audit(`${origin}/`, ['performance']);
    const a = lhr.audits;
    console.log(
      `     performance on / (run ${i}): ${Math.round(lhr.categories.performance.score * 100)}; LCP ${Math.round(a['largest-contentful-paint'].numericValue)} ms, TBT ${Math.round(a['total-blocking-time'].numericValue)} ms, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}, FCP ${Math.round(a['first-contentful-paint'].numericValue)} ms`,
    );
  }
}

await finish({ ...counts, api, dataDir, close: () => void browser.close() });
