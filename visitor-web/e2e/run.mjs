#!/usr/bin/env node
/* global window, document, localStorage, getComputedStyle, atob, File, Blob, FormData, DataTransfer, ClipboardEvent, MutationObserver */
// End-to-end run of the visitor app in Chromium against the real backend.
//
// Needs backend/dist/main.js and visitor-web/dist (it builds nothing). Starts the API on a free
// port with a fresh DATA_DIR (embedded PGlite, local storage, outbox mail), seeds through the
// public API, then walks the app as a new visitor would. Prints each check, ends with
// "N passed, M failed" and exits non-zero on failure. Screenshots: visitor-web/e2e/screenshots/.
//
// Environment: CHROMIUM (default /usr/bin/chromium), E2E_SERVER (another server entry point to run
// instead of backend/dist/main.js, for debugging), E2E_KEEP=1 keeps the temp DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  createReadStream,
  statSync,
  createWriteStream,
} from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const root = path.resolve(webDir, '..');
const require = createRequire(path.join(root, 'package.json'));
const { chromium } = require('playwright-core');

const serverEntry = process.env.E2E_SERVER
  ? path.resolve(process.env.E2E_SERVER)
  : path.join(root, 'backend', 'dist', 'main.js');
const distDir = path.join(webDir, 'dist');
const shotsDir = path.join(here, 'screenshots');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const ADMIN = { user: 'admin', pass: 'e2e-admin-pass' };
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

for (const [what, p] of [
  ['backend build', serverEntry],
  ['visitor build', path.join(distDir, 'index.html')],
  ['Chromium', CHROMIUM],
]) {
  if (!existsSync(p)) {
    console.error(`missing ${what}: ${p}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

// ---------------------------------------------------------------- reporting
const openPages = [];
const apiLog = [];
let passed = 0;
let failed = 0;
const pendingChecks = [];
const failures = [];
async function check(name, fn) {
  const t = Date.now();
  try {
    await fn();
    passed += 1;
    console.log(`  ✓ ${name} (${Date.now() - t} ms)`);
    return true;
  } catch (err) {
    failed += 1;
    const msg = String(err?.message ?? err)
      .split('\n')
      .slice(0, 6)
      .join('\n      ');
    failures.push(name);
    console.log(`  ✗ ${name}\n      ${msg}`);
    // What the pages looked like, and the last API answers, to tell app bugs from backend ones.
    const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 50);
    for (const [i, p] of openPages.entries()) {
      if (!p.isClosed()) await p.screenshot({ path: path.join(shotsDir, `FAILED-${slug}-${i}.png`) }).catch(() => {});
    }
    console.log(`      last API calls:\n        ${apiLog.slice(-12).join('\n        ')}`);
    return false;
  }
}
function pending(name, reason) {
  pendingChecks.push(name);
  console.log(`  … ${name} — PENDING: ${reason}`);
}
function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- processes
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hmv-e2e-'));
const fixturesDir = path.join(dataDir, 'fixtures');
mkdirSync(fixturesDir, { recursive: true });
const apiPort = await freePort();
const apiOrigin = `http://localhost:${apiPort}`;
const logFile = path.join(dataDir, 'backend.log');
const log = createWriteStream(logFile);
const child = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    // the embedded mode on a fresh data dir, whatever the caller's environment points at
    // (CI exports DATABASE_URL for the backend suite; it must not leak into this run)
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    S3_ENDPOINT: '',
    S3_ACCESS_KEY_ID: '',
    S3_SECRET_ACCESS_KEY: '',
    SMTP_URL: '',
    PORT: String(apiPort),
    DATA_DIR: path.join(dataDir, 'data'),
    NODE_ENV: 'test',
    ADMIN_PASSWORD: ADMIN.pass,
    PUBLIC_URL: apiOrigin,
    // A display name for one alternate domain, and analytics sent to a same-origin path we watch.
    SITE_DOMAIN_NAMES: '127.0.0.1=Vibe Check',
    ANALYTICS_URL: `${apiOrigin}/__e2e_analytics`,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(log);
child.stderr.pipe(log);
let childExited = null;
child.on('exit', (code, signal) => (childExited = { code, signal }));

let staticServer = null;
let browser = null;
async function cleanup() {
  await browser?.close().catch(() => {});
  staticServer?.close();
  if (!childExited) {
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)]);
    if (!childExited) child.kill('SIGKILL');
  }
  if (!process.env.E2E_KEEP && failed === 0) rmSync(dataDir, { recursive: true, force: true });
}
// Never leave the API running, even when the script itself crashes.
process.on('exit', () => {
  if (!childExited) child.kill('SIGKILL');
});
process.on('SIGINT', async () => {
  await cleanup();
  process.exit(130);
});

function tailLog(n = 40) {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-n).join('\n');
  } catch {
    return '';
  }
}

async function waitForHealth(origin, ms = 90_000) {
  const until = Date.now() + ms;
  let last = '';
  while (Date.now() < until) {
    if (childExited) throw new Error(`backend exited (${JSON.stringify(childExited)})\n${tailLog()}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
      last = `${res.status}`;
    } catch (e) {
      last = e.message;
    }
    await sleep(300);
  }
  throw new Error(`backend not healthy after ${ms} ms (${last})\n${tailLog()}`);
}

/** Fallback when the API does not serve the visitor build yet: dist + proxy of /api and /media. */
function startStaticProxy(port) {
  const types = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.html': 'text/html',
    '.png': 'image/png',
    '.ico': 'image/x-icon',
  };
  staticServer = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) {
      const up = http.request(
        { host: '127.0.0.1', port: apiPort, path: req.url, method: req.method, headers: req.headers },
        (r) => {
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      up.on('error', () => {
        res.writeHead(502);
        res.end('bad gateway');
      });
      req.pipe(up);
      return;
    }
    const file = path.join(distDir, path.normalize(url.pathname));
    if (file.startsWith(distDir) && url.pathname !== '/' && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(res);
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    createReadStream(path.join(distDir, 'index.html')).pipe(res);
  });
  return new Promise((r) => staticServer.listen(port, '127.0.0.1', r));
}

// ---------------------------------------------------------------- fixtures
const sharp = require('sharp');
const PALETTE = [
  ['#ff7e5f', '#feb47b', 'Sunset'],
  ['#2193b0', '#6dd5ed', 'Ocean'],
  ['#8e2de2', '#4a00e0', 'Neon'],
  ['#11998e', '#38ef7d', 'Forest'],
  ['#fc466b', '#3f5efb', 'Disco'],
  ['#f7971e', '#ffd200', 'Citrus'],
];
async function makeImage(file, [a, b, label], { width = 900, height = 675, format = 'jpeg' } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.18}" fill="rgba(255,255,255,0.35)"/>
  <text x="50%" y="58%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 7)}" font-weight="bold" fill="white" text-anchor="middle">${label}</text>
</svg>`;
  const img = sharp(Buffer.from(svg));
  await (format === 'png' ? img.png() : img.jpeg({ quality: 88 })).toFile(file);
  return file;
}
async function makeBigJpeg(file) {
  // Noise compresses badly, so a few MB: enough for several upload progress events.
  const w = 2000;
  const h = 1500;
  const raw = Buffer.alloc(w * h * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (Math.random() * 255) | 0;
  await sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 95 })
    .toFile(file);
  return file;
}
function makeVideo(file) {
  const r = spawnSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=480x360:rate=15',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    file,
  ]);
  return r.status === 0 && existsSync(file) ? file : null;
}

// ---------------------------------------------------------------- API helpers (seeding)
const ALPHANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newSessionId = () => Array.from({ length: 32 }, () => ALPHANUM[(Math.random() * 62) | 0]).join('');

class ApiVisitor {
  constructor(origin) {
    this.origin = origin;
    this.cookie = '';
  }
  async call(method, url, body, headers = {}) {
    const res = await fetch(this.origin + url, {
      method,
      headers: {
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie?.() ?? [];
    for (const c of set) if (c.startsWith('vibe_session=')) this.cookie = c.split(';')[0];
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }
  async start() {
    const r = await this.call('POST', '/api/session', { sessionId: newSessionId() });
    assert(r.status < 300, `POST /api/session → ${r.status} ${JSON.stringify(r.json)}`);
    this.user = r.json;
    return this.user;
  }
  async upload(file, type) {
    const form = new FormData();
    form.append('userId', String(this.user.id));
    form.append('file', new Blob([readFileSync(file)], { type }), path.basename(file));
    const r = await this.call('POST', '/api/media/upload', form);
    assert(r.status < 300, `upload ${path.basename(file)} → ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  }
  async voteAllRemaining(isHot) {
    const voted = [];
    for (let i = 0; i < 50; i++) {
      const r = await this.call('GET', `/api/media/random/${this.user.id}`);
      if (r.status === 404 || r.json === null) break;
      assert(r.status === 200, `random → ${r.status}`);
      await this.call('POST', `/api/media/${r.json.id}/view`, { userId: this.user.id });
      const v = await this.call('POST', '/api/votes', { userId: this.user.id, mediaId: r.json.id, isHot });
      assert(v.status < 300, `vote → ${v.status} ${JSON.stringify(v.json)}`);
      voted.push(r.json.id);
    }
    return voted;
  }
}
const basic = 'Basic ' + Buffer.from(`${ADMIN.user}:${ADMIN.pass}`).toString('base64');
async function adminPost(origin, url, body) {
  const res = await fetch(origin + url, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

// ---------------------------------------------------------------- browser helpers
const overflowing = [];
const axeFindings = [];
const axeAudited = new Set();
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/**
 * axe-core on the screen as shown: serious and critical findings fail the run. Also checks that
 * accessible names contain the visible text (label-content-name-mismatch, off by default in axe).
 */
async function axeAudit(page, label) {
  // evaluated through the DevTools protocol: the app's CSP (script-src 'self') forbids a script tag
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, {
      iframes: false, // the ad frame is the advertiser's document, sandboxed and cross-origin
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  axeAudited.add(label);
  for (const v of violations) axeFindings.push(`${label}: ${v.id} (${v.impact}) at ${v.targets.join(' | ')}`);
  return violations;
}
/** A screenshot of the screen as it is, checked for sideways scrolling and by axe-core. */
async function shot(page, name) {
  const vp = page.viewportSize();
  await page.waitForTimeout(250); // let transitions settle
  await page.screenshot({ path: path.join(shotsDir, `${name}-${vp.width}x${vp.height}.png`) });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (wide > 0) overflowing.push(`${name}-${vp.width}x${vp.height} (+${wide} px)`);
  await axeAudit(page, `${name}-${vp.width}x${vp.height}`);
}
/** The ids of the media this page voted on (POST /api/votes), as they are sent. */
function watchVotes(page) {
  const ids = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/votes')
      ids.push(String(JSON.parse(r.postData() ?? '{}').mediaId));
  });
  return ids;
}
/** Waits until the current item's media has loaded (voting opens then); returns its id. */
async function loadedMediaId(page, timeout = 10_000) {
  await page.locator('[data-testid=rate-media][data-loaded=true]').waitFor({ timeout });
  return page.locator('[data-testid=rate-media]').getAttribute('data-media-id');
}
/** Where the focus is: inside the named dialog, and which element. */
const focusIn = (page, selector) =>
  page.evaluate((sel) => {
    const a = document.activeElement;
    return {
      inside: Boolean(a && a.closest(sel)),
      tag: a?.tagName ?? '',
      label: a?.getAttribute('aria-label') ?? a?.textContent?.trim().slice(0, 40) ?? '',
    };
  }, selector);
/** A size as the spec shows it: "512 B", "4.8 KB", "2.50 MB" (number and unit never split). */
const SIZE = /\b(\d+\u00a0B|\d+\.\d\u00a0KB|\d+\.\d\d\u00a0MB)\b/;
const mediaId = (page) => page.locator('[data-testid=rate-media]').getAttribute('data-media-id', { timeout: 10_000 });
async function waitForNewMedia(page, previous, timeout = 10_000) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const id = await page
      .locator('[data-testid=rate-media]')
      .getAttribute('data-media-id', { timeout: 500 })
      .catch(() => null);
    if (id && id !== previous) return id;
    await page.waitForTimeout(25);
  }
  throw new Error(`no new media after ${previous}`);
}
async function toastText(page) {
  const t = page.locator('.toast').last();
  await t.waitFor({ state: 'visible', timeout: 10_000 });
  return (await t.innerText()).replace(/\s+/g, ' ').trim();
}
async function expectToast(page, title, description) {
  const until = Date.now() + 10_000;
  let seen = '';
  while (Date.now() < until) {
    seen = await page
      .locator('.toast')
      .allInnerTexts()
      .then((a) => a.join(' | ').replace(/\s+/g, ' '))
      .catch(() => '');
    if (seen.includes(title) && (!description || seen.includes(description))) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`toast "${title}${description ? ': ' + description : ''}" not shown (saw "${seen}")`);
}
async function waitForOutbox(dir, count, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    if (files.length >= count) return files.sort().map((f) => path.join(dir, f));
    await sleep(200);
  }
  throw new Error(`no e-mail in ${dir}`);
}
function linkFromEml(raw) {
  const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const m = /https?:\/\/[^\s"'<>]+\/api\/auth\/magic-link\?token=[A-Za-z0-9_\-.%]+/.exec(unfolded);
  if (!m) throw new Error('no magic link in the e-mail');
  return m[0];
}

// ================================================================ run
const started = Date.now();
console.log(`visitor-web e2e — data dir ${dataDir}`);
let base = apiOrigin;
try {
  await waitForHealth(apiOrigin);
  const home = await fetch(apiOrigin + '/')
    .then((r) => r.text())
    .catch(() => '');
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
  if (!entry || !home.includes(entry)) {
    const port = await freePort();
    await startStaticProxy(port);
    base = `http://localhost:${port}`;
    console.log(`  (the API does not serve visitor-web/dist at / yet: serving it from the harness at ${base})`);
  }
} catch (err) {
  console.log(`  ✗ backend start\n      ${err.message}`);
  failed += 1;
  console.log(`${passed} passed, ${failed} failed`);
  await cleanup();
  process.exit(1);
}
const outboxDir = path.join(dataDir, 'data', 'outbox');

mkdirSync(shotsDir, { recursive: true });
for (const f of readdirSync(shotsDir)) if (f.endsWith('.png')) rmSync(path.join(shotsDir, f));

const fx = {
  seed: await Promise.all(
    PALETTE.slice(0, 5).map((p, i) => makeImage(path.join(fixturesDir, `seed-${i + 1}-${p[2].toLowerCase()}.jpg`), p)),
  ),
  mine: await makeImage(path.join(fixturesDir, 'my-beach-day.jpg'), PALETTE[5]),
  big: await makeBigJpeg(path.join(fixturesDir, 'big-noise-photo.jpg')),
  pasted: await makeImage(path.join(fixturesDir, 'clip.png'), ['#ee0979', '#ff6a00', 'Pasted'], {
    width: 640,
    height: 480,
    format: 'png',
  }),
  video: makeVideo(path.join(fixturesDir, 'tiny-clip.mp4')),
};
const oversize = path.join(fixturesDir, 'huge-image.png');
writeFileSync(oversize, Buffer.concat([readFileSync(fx.pasted), Buffer.alloc(10 * 1024 * 1024 + 4096, 7)]));
// A phone camera's kind of name, and a file under 1 KB (its size must not read "0.00 MB").
const longName = path.join(
  fixturesDir,
  'IMG_20250614_183212_HDR_portrait_mode_very_long_camera_file_name_final_v2.jpg',
);
writeFileSync(longName, readFileSync(fx.mine));
const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c04ff0' } })
  .png()
  .toFile(path.join(fixturesDir, 'tiny-dot.png'))
  .then(() => path.join(fixturesDir, 'tiny-dot.png'));
const invalid = path.join(fixturesDir, 'notes.txt');
writeFileSync(invalid, 'not an image\n');

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
    '--autoplay-policy=no-user-gesture-required',
    // Chrome's own edge-swipe Back would race the app's swipe-back redirect under test
    '--disable-features=OverscrollHistoryNavigation',
  ],
});
const pageErrors = [];
const consoleErrors = [];
const analytics = [];
async function newPage(ctx) {
  const page = await ctx.newPage();
  page.setDefaultTimeout(10_000);
  openPages.push(page);
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push({ page, text: `${m.text()} ${m.location()?.url ?? ''}`.trim() });
  });
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) apiLog.push(`${r.request().method()} ${u.pathname}${u.search} → ${r.status()}`);
    if (apiLog.length > 200) apiLog.splice(0, 100);
  });
  return page;
}
/** A browser context whose analytics beacons are captured (and answered) by the harness. */
async function newContext(options) {
  const ctx = await browser.newContext(options);
  await ctx.route('**/__e2e_analytics', async (route) => {
    try {
      analytics.push(JSON.parse(route.request().postData() ?? 'null'));
    } catch {
      analytics.push({ event: 'unparsable' });
    }
    await route.fulfill({ status: 204 });
  });
  return ctx;
}

/** Every visible control has a name, every image an alt, every field a label. */
async function a11yProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const visible = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const named = (el) => {
      const by = el.getAttribute('aria-labelledby');
      return (
        el.getAttribute('aria-label') ||
        (by && document.getElementById(by)?.textContent) ||
        el.textContent ||
        el.getAttribute('title') ||
        ''
      ).trim();
    };
    for (const el of document.querySelectorAll('button, a[href], [role=button], iframe')) {
      if (el.tagName === 'IFRAME' ? !el.getAttribute('title') : visible(el) && !named(el))
        out.push(`unnamed ${el.outerHTML.slice(0, 90)}`);
    }
    for (const el of document.querySelectorAll('img'))
      if (!el.hasAttribute('alt')) out.push(`img without alt ${el.outerHTML.slice(0, 90)}`);
    for (const el of document.querySelectorAll('input:not([type=hidden]), select, textarea')) {
      const ok =
        el.getAttribute('aria-label') ||
        el.getAttribute('aria-labelledby') ||
        (el.id && document.querySelector(`label[for="${el.id}"]`)) ||
        el.closest('label');
      if (!ok) out.push(`unlabelled ${el.outerHTML.slice(0, 90)}`);
    }
    return out;
  });
}
const a11y = [];
async function auditPage(page, label) {
  for (const p of await a11yProblems(page)) a11y.push(`${label}: ${p}`);
}

const desktop = await newContext({ viewport: DESKTOP, baseURL: base });
const mobileEmpty = await newContext({
  viewport: MOBILE,
  baseURL: base,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
});
const page = await newPage(desktop);
let username = '';
const other = new ApiVisitor(apiOrigin);
const third = new ApiVisitor(apiOrigin);

console.log('first visit');
await check('first visit creates a session with a three-word username', async () => {
  await page.goto('/');
  const name = page.locator('[data-testid=sidebar-username]');
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid=sidebar-username]')?.textContent ?? '';
    return t && t !== 'Loading...';
  });
  username = (await name.innerText()).trim();
  assert(/^(?:[A-Z][a-z]+){3}\d*$/.test(username), `username "${username}" is not three capitalised words`);
  assert((await page.locator('.user-block__status').innerText()).includes('Active'), 'user block does not say Active');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null'));
  assert(
    stored && /^[A-Za-z0-9]{32}$/.test(stored.sessionId) && stored.username === username,
    `stored session ${JSON.stringify(stored)}`,
  );
});
await check('site name comes from /api/site-config', async () => {
  const cfg = await fetch(apiOrigin + '/api/site-config').then((r) => r.json());
  assert(cfg.siteName, 'no siteName in /api/site-config');
  await page.waitForFunction((n) => document.querySelector('[data-testid=site-name]')?.textContent === n, cfg.siteName);
  assert((await page.title()).includes(cfg.siteName), `title "${await page.title()}"`);
});
await check('empty state: No Photos to Rate with Upload Your First Photo', async () => {
  await page.getByRole('heading', { name: 'No Photos to Rate' }).waitFor();
  await auditPage(page, '/ (empty)');
  await page.waitForTimeout(300);
  assert((await page.locator('iframe').count()) === 0, 'an ad frame shows although no ad is configured');
  const btn = page.getByRole('link', { name: 'Upload Your First Photo' });
  assert((await btn.getAttribute('href')) === '/upload', 'button does not go to /upload');
  await shot(page, 'rate-empty');
  const m = await newPage(mobileEmpty);
  await m.goto('/');
  await m.getByRole('heading', { name: 'No Photos to Rate' }).waitFor();
  await shot(m, 'rate-empty');
  await m.close();
});
await check(
  'no ad configured is a normal state: GET /api/ad-config/zone1 answers 200 null, no console error',
  async () => {
    const r = await fetch(apiOrigin + '/api/ad-config/zone1');
    assert(r.status === 200 && (await r.text()) === 'null', `ad config answered ${r.status}`);
    const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
    const p = await newPage(ctx);
    const adAnswers = [];
    p.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/ad-config/zone1') adAnswers.push(res.status());
    });
    await p.goto('/');
    await p.getByRole('heading', { name: 'No Photos to Rate' }).waitFor();
    await p.waitForTimeout(500);
    assert(adAnswers.length > 0 && adAnswers.every((st) => st === 200), `ad config answers ${adAnswers}`);
    const errors = consoleErrors.filter((e) => e.page === p).map((e) => e.text);
    assert(errors.length === 0, `console errors on load: ${errors.join(' | ')}`);
    await ctx.close();
  },
);

console.log('seeding through the public API');
const seeded = [];
await check('seed: a second visitor uploads five photos', async () => {
  await other.start();
  await third.start();
  for (const f of fx.seed) seeded.push(await other.upload(f, 'image/jpeg'));
});
console.log('rating');
await check('rating screen shows one random item', async () => {
  await page.reload();
  await loadedMediaId(page);
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid=rate-media] img');
    return img && img.complete && img.naturalWidth > 0;
  });
  const alt = await page.locator('[data-testid=rate-media] img').getAttribute('alt');
  assert(alt, 'media has no alt text');
  const box = await page.locator('[data-testid=rate-media]').boundingBox();
  assert(
    Math.abs(box.height - (DESKTOP.height - 190)) <= 2,
    `media area height ${box.height}, expected ${DESKTOP.height - 190}`,
  );
  await page.getByText("How's my Vibe?", { exact: true }).first().waitFor();
  await page.getByText(/honest rating helps others discover/).waitFor();
  await shot(page, 'rate');
});
await check('Hot vote shows the results and the next item at once', async () => {
  const before = await mediaId(page);
  await page.waitForTimeout(600); // give the prefetch a moment, as a visitor looking at the photo would
  const t0 = Date.now();
  await page.getByRole('button', { name: /^Hot/ }).click();
  const next = await waitForNewMedia(page, before);
  const swapMs = Date.now() - t0;
  assert(swapMs < 1500, `next item took ${swapMs} ms`);
  await page.waitForFunction(() => {
    const img = document.querySelector('[data-testid=rate-media] img');
    return img && img.complete && img.naturalWidth > 0;
  });
  assert(next !== before, 'same item after voting');
  await page.locator('[data-testid=results]').waitFor();
  assert((await page.locator('[data-testid=your-vote]').innerText()) === 'Hot', 'vote not shown as Hot');
  const total = await page.locator('[data-testid=results-total]').innerText();
  const hot = await page.locator('[data-testid=results-hot]').innerText();
  const not = await page.locator('[data-testid=results-not]').innerText();
  assert(total === '1' && hot === '100%' && not === '0%', `results ${total} / ${hot} / ${not}`);
  assert(await page.locator('.results .split-bar').isVisible(), 'no split bar');
  await shot(page, 'rate-results');
  await auditPage(page, '/');
});
await check('Skip this photo shows another item', async () => {
  const before = await mediaId(page);
  await page.getByRole('button', { name: /Skip this photo/ }).click();
  await waitForNewMedia(page, before);
});
await check('keyboard: N votes Not, → votes Hot, hints shown on desktop', async () => {
  assert(await page.locator('.vote__keys kbd').first().isVisible(), 'keyboard hints hidden on desktop');
  let before = await loadedMediaId(page);
  await page.keyboard.press('n');
  before = await waitForNewMedia(page, before);
  await page.waitForFunction(() => document.querySelector('[data-testid=your-vote]')?.textContent === 'Not');
  await loadedMediaId(page);
  await page.keyboard.press('ArrowRight');
  await waitForNewMedia(page, before);
  await page.waitForFunction(() => document.querySelector('[data-testid=your-vote]')?.textContent === 'Hot');
});
await check('full-size overlay opens on click, locks scrolling and closes on Escape', async () => {
  await page.locator('[data-testid=rate-media]').click();
  const overlay = page.locator('[data-testid=media-overlay]');
  await overlay.waitFor();
  await overlay.locator('img, video').first().waitFor({ state: 'visible', timeout: 5_000 });
  const overflow = await page.evaluate(() => getComputedStyle(document.body).overflow);
  assert(overflow === 'hidden', `body overflow is ${overflow} while the overlay is open`);
  await shot(page, 'rate-overlay');
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'detached' });
  assert((await page.evaluate(() => getComputedStyle(document.body).overflow)) !== 'hidden', 'scroll still locked');
});
await check('overlay by keyboard: focus moves in and stays, H votes nothing, focus returns to the media', async () => {
  const votes = watchVotes(page);
  const id = await loadedMediaId(page);
  await page.locator('[data-testid=rate-media]').focus();
  await page.keyboard.press('Enter');
  await page.locator('[data-testid=media-overlay]').waitFor();
  for (let i = 0; i < 4; i++) {
    const f = await focusIn(page, '[data-testid=media-overlay]');
    assert(f.inside, `focus left the overlay after ${i} Tab(s): on ${f.tag} "${f.label}"`);
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('h');
  await page.keyboard.press('n');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=media-overlay]').waitFor({ state: 'detached' });
  const back = await page
    .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'rate-media', null, {
      timeout: 2_000,
    })
    .then(() => 'rate-media')
    .catch(() => page.evaluate(() => document.activeElement?.tagName));
  assert(back === 'rate-media', `focus went to ${back} after the overlay closed`);
  assert(votes.length === 0, `keys behind the overlay voted on ${votes.join(', ')}`);
  assert((await mediaId(page)) === id, 'the item changed while the overlay was open');
});
await check('rated-all state after voting on everything', async () => {
  for (let i = 0; i < 12; i++) {
    if (await page.locator('[data-testid=rated-all]').isVisible()) break;
    const id = await loadedMediaId(page, 3_000).catch(() => null);
    if (!id) continue;
    await page.keyboard.press('h');
    await waitForNewMedia(page, id, 3_000).catch(() => {});
  }
  const text = await page.locator('[data-testid=rated-all]').innerText({ timeout: 10_000 });
  assert(text === 'You have rated all the media we have right now - check back soon for more!', `text "${text}"`);
  await page.getByRole('button', { name: /Refresh for more images/ }).waitFor();
  await shot(page, 'rate-rated-all');
});
await check('only the first view of an unvoted item is recorded', async () => {
  // the second visitor's five photos were each shown once to this visitor
  const r = await other.call('GET', `/api/users/${other.user.id}/stats`);
  assert(r.status === 200, `stats → ${r.status}`);
  const views = r.json.mediaStats.map((m) => m.totalViews);
  assert(
    views.every((v) => v <= 1) && views.filter((v) => v === 1).length >= 4,
    `views per item ${JSON.stringify(views)}`,
  );
});

console.log('dialogs and the menu own the keyboard');
{
  const TYPED = 'hot.news.skip@example.com'; // h, n and s would vote or skip if they leaked
  const activeText = (p) => p.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  /** A fresh visitor with a photo on screen, whose votes are watched. */
  async function rater(viewport, mobile = false) {
    const ctx = await newContext({
      viewport,
      baseURL: base,
      ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    const p = await newPage(ctx);
    const votes = watchVotes(p);
    await p.goto('/');
    const id = await loadedMediaId(p);
    return { ctx, p, votes, id };
  }
  /** Opens `item` from the avatar menu with the mouse (a tap on a phone) or the keyboard. */
  async function openFromMenu(p, trigger, item, how) {
    if (how === 'mouse') {
      await p.locator(trigger).click();
      await p.getByRole('menu').getByRole('menuitem', { name: item }).click();
      return;
    }
    await p.locator(trigger).focus();
    await p.keyboard.press('Enter');
    await p.getByRole('menu').waitFor();
    for (let i = 0; i < 4 && (await activeText(p)) !== item; i++) await p.keyboard.press('ArrowDown');
    assert((await activeText(p)) === item, `arrows never reached ${item}`);
    await p.keyboard.press('Enter');
  }
  /** Focus is in the dialog's e-mail field, stays in the dialog, typing fills the field, nothing is voted. */
  async function expectDialogOwnsKeys(r, title, trigger) {
    const { p } = r;
    const dialog = p.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await p.waitForTimeout(200); // the menu's closing must not pull focus back behind the dialog
    const f = await focusIn(p, '[role=dialog]');
    assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}" instead of the e-mail field`);
    await p.keyboard.type(TYPED);
    const value = await dialog.getByLabel('Email address').inputValue();
    assert(value === TYPED, `the e-mail field holds "${value}"`);
    for (let i = 0; i < 6; i++) {
      await p.keyboard.press('Tab');
      const g = await focusIn(p, '[role=dialog]');
      assert(g.inside, `Tab ${i + 1} left the dialog for ${g.tag} "${g.label}"`);
    }
    await p.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix hands focus back a tick after the dialog is gone
    const back = await p
      .waitForFunction((sel) => document.activeElement === document.querySelector(sel), trigger, { timeout: 2_000 })
      .then(() => true)
      .catch(() => false);
    assert(back, `focus went to ${(await focusIn(p, 'body')).tag} instead of back to the avatar button`);
    assert(r.votes.length === 0, `keys typed into the dialog voted on ${r.votes.join(', ')}`);
    assert((await mediaId(p)) === r.id, 'the photo behind the dialog changed');
  }

  const desk = await rater(DESKTOP);
  await check(
    'avatar menu is a menu button: role=menu and menuitems, arrows, Home, End, Escape returns focus',
    async () => {
      const { p } = desk;
      const btn = p.locator('.user-block');
      assert((await btn.getAttribute('aria-haspopup')) === 'menu', 'the button does not announce a menu');
      assert((await btn.getAttribute('aria-expanded')) === 'false', 'aria-expanded not false while closed');
      await btn.focus();
      await p.keyboard.press('Enter');
      const menu = p.getByRole('menu');
      await menu.waitFor();
      assert((await btn.getAttribute('aria-expanded')) === 'true', 'aria-expanded not true while open');
      assert((await btn.getAttribute('aria-controls')) === (await menu.getAttribute('id')), 'aria-controls');
      const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
      assert(
        JSON.stringify(items) === JSON.stringify(['Edit Profile', 'Save Account', 'Login as Different User', 'Logout']),
        `menu items ${JSON.stringify(items)}`,
      );
      const path = [];
      path.push(await activeText(p));
      for (const key of ['ArrowDown', 'End', 'ArrowDown', 'ArrowUp', 'Home', 'l']) {
        await p.keyboard.press(key);
        path.push(await activeText(p));
      }
      assert(
        JSON.stringify(path) ===
          JSON.stringify([
            'Edit Profile',
            'Save Account',
            'Logout',
            'Edit Profile',
            'Logout',
            'Edit Profile',
            'Login as Different User',
          ]),
        `focus moved through ${JSON.stringify(path)}`,
      );
      await shot(p, 'menu-keyboard');
      const letters = [
        await p.locator('.user-block .avatar').innerText(),
        await p.locator('[data-testid=avatar-menu] .avatar').innerText(),
      ];
      assert(letters[0] === letters[1], `user block shows ${letters[0]}, the menu ${letters[1]}`);
      await p.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      assert(await btn.evaluate((el) => el === document.activeElement), 'Escape did not return focus to the button');
      assert(desk.votes.length === 0, `menu keys voted on ${desk.votes.join(', ')}`);
    },
  );
  for (const [item, title] of [
    ['Save Account', 'Save Your Account'],
    ['Login as Different User', 'Login as Different User'],
  ]) {
    for (const how of ['mouse', 'keyboard']) {
      await check(
        `${title} opened from the avatar menu by ${how}: focus in the e-mail field and kept in the dialog, no vote`,
        async () => {
          await openFromMenu(desk.p, '.user-block', item, how);
          await expectDialogOwnsKeys(desk, title, '.user-block');
        },
      );
    }
  }
  await desk.ctx.close();
  const phone = await rater(MOBILE, true);
  for (const [item, title] of [
    ['Save Account', 'Save Your Account'],
    ['Login as Different User', 'Login as Different User'],
  ]) {
    await check(`phone: ${title} opened by a tap on the header avatar keeps the keys, no vote`, async () => {
      await openFromMenu(phone.p, '.avatar--button', item, 'mouse');
      await expectDialogOwnsKeys(phone, title, '.avatar--button');
    });
  }
  await check('phone: the menu avatar shows the same letters as the header avatar', async () => {
    const header = await phone.p.locator('[data-testid=mobile-avatar]').innerText();
    await phone.p.locator('.avatar--button').click();
    const inMenu = await phone.p.locator('[data-testid=avatar-menu] .avatar').innerText();
    await phone.p.keyboard.press('Escape');
    assert(header === inMenu && /^[A-Z]{2}$/.test(header), `header "${header}", menu "${inMenu}"`);
  });
  await check('phone: Skip this photo is above the tab bar at first paint', async () => {
    const { p } = phone;
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.reload();
    await loadedMediaId(p);
    const skip = await p.getByRole('button', { name: /Skip this photo/ }).boundingBox();
    const bar = await p.locator('[data-testid=tabbar]').boundingBox();
    assert(
      skip && bar && skip.y + skip.height <= bar.y,
      `Skip ends at ${skip?.y + skip?.height}, tab bar starts at ${bar?.y}`,
    );
    await shot(p, 'rate-first-paint');
  });
  await phone.ctx.close();
}

const adAvailable = await (async () => {
  const r = await adminPost(apiOrigin, '/api/admin/ad-config/zone1', {
    zoneName: 'Ad Zone 1',
    adCode:
      '<div id="ad" style="font:600 14px system-ui;color:#fff;background:linear-gradient(135deg,#0ea5e9,#6366f1);padding:18px;border-radius:12px;text-align:center">Sunny Deals — 20% off sunglasses</div><script>var d=document.getElementById("ad");d.dataset.ran="yes";try{d.dataset.parent=String(parent.document.title)}catch(e){d.dataset.parent="blocked"}try{d.dataset.cookie=String(document.cookie)}catch(e){d.dataset.cookie="blocked"}</script>',
    isActive: true,
  });
  const ok = r.status >= 200 && r.status < 300;
  if (!ok) console.log(`  (POST /api/admin/ad-config/zone1 → ${r.status}: ${r.text.slice(0, 120)})`);
  return ok;
})();

if (adAvailable) {
  // A fresh browser context: the earlier "no ad" answer may sit in the HTTP cache for 5 minutes.
  const adCtx = await newContext({ viewport: DESKTOP, baseURL: base });
  const adPage = await newPage(adCtx);
  await check('ad zone1 renders under Skip in a sandboxed iframe (scripts allowed, same-origin not)', async () => {
    await adPage.goto('/');
    await mediaId(adPage);
    const frame = adPage.locator('iframe.ad-zone__frame');
    await frame.waitFor();
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    assert(sandbox.split(/\s+/).includes('allow-scripts'), `sandbox="${sandbox}" lacks allow-scripts`);
    assert(!sandbox.includes('allow-same-origin'), `sandbox="${sandbox}" allows same-origin`);
    assert(
      ((await frame.getAttribute('src')) ?? '').startsWith('/api/ad-frame/zone1'),
      'the frame does not load the zone document',
    );
    const box = await adPage.locator('.rate__skip').boundingBox();
    const adBox = await frame.boundingBox();
    assert(adBox.y > box.y, 'ad is not under the Skip button');
    await adPage.frameLocator('iframe.ad-zone__frame').locator('#ad').waitFor();
    await shot(adPage, 'rate-with-ad');
  });
  await check("the ad's scripts run inside the frame and cannot reach the page", async () => {
    const ad = adPage.frameLocator('iframe.ad-zone__frame').locator('#ad');
    await adPage.waitForTimeout(500);
    const ran = await ad.getAttribute('data-ran');
    const parentAccess = await ad.getAttribute('data-parent');
    const cookieAccess = await ad.getAttribute('data-cookie');
    const csp = await fetch(base + '/api/ad-frame/zone1').then((r) => r.headers.get('content-security-policy'));
    assert(ran === 'yes', `ad script did not run (the ad frame's CSP is: ${csp})`);
    assert(parentAccess === 'blocked', `ad could read the parent page (${parentAccess})`);
    assert(cookieAccess === 'blocked', `ad could read the visitor's cookies (${cookieAccess})`);
  });
  await adCtx.close();
} else {
  pending(
    'ad zone1 renders in a sandboxed iframe',
    'POST /api/admin/ad-config/zone1 is not available on the backend yet',
  );
}
console.log('upload');
let progressValues = [];
await check('upload via the file chooser with progress to Completed', async () => {
  await page.getByRole('link', { name: 'Upload Media' }).click();
  await page.waitForURL('**/upload');
  await page.getByRole('heading', { name: 'Upload Media' }).waitFor();
  const files = [fx.big, fx.mine, ...(fx.video ? [fx.video] : [])];
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('[data-testid=dropzone]').click(),
  ]);
  await chooser.setFiles(files);
  await page
    .locator('[data-testid=queue-item]')
    .nth(files.length - 1)
    .waitFor();
  const rows = await page.locator('[data-testid=queue-item]').allInnerTexts();
  assert(rows.length === files.length, `${rows.length} rows`);
  assert(
    rows.every((r) => SIZE.test(r) && !/0\.00\sMB/.test(r) && r.includes('Pending')),
    `rows: ${JSON.stringify(rows)}`,
  );
  assert(rows[0].includes('big-noise-photo.jpg'), 'file name not shown');
  await shot(page, 'upload-queue');
  await auditPage(page, '/upload');
  await page.evaluate(() => {
    window.__progress = [];
    const obs = new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role=progressbar]'))
        window.__progress.push(Number(el.getAttribute('aria-valuenow')));
    });
    obs.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  // A slower uplink, so the upload events have something to report on a local machine.
  const cdp = await desktop.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  const all = page.getByRole('button', { name: 'Upload All' });
  assert(await all.isEnabled(), 'Upload All disabled with pending items');
  await all.click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-testid=queue-item]')].some((e) => e.dataset.status === 'uploading'),
  );
  assert(await all.isDisabled(), 'Upload All enabled during an upload');
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[data-testid=queue-item]')].every(
        (e) => e.dataset.status === 'completed' || e.dataset.status === 'error',
      ),
    null,
    { timeout: 60_000 },
  );
  const statuses = await page
    .locator('[data-testid=queue-item]')
    .evaluateAll((els) =>
      els.map((e) => `${e.dataset.status}:${e.querySelector('[data-testid=queue-error]')?.textContent ?? ''}`),
    );
  assert(
    statuses.every((s) => s.startsWith('completed')),
    `statuses ${statuses.join(', ')}`,
  );
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  progressValues = await page.evaluate(() => window.__progress);
  assert(
    progressValues.some((v) => v > 0 && v < 100),
    `no intermediate progress seen (${[...new Set(progressValues)].join(',')})`,
  );
  const bars = await page
    .locator('[role=progressbar]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-valuenow')));
  assert(
    bars.every((v) => v === '100'),
    `progress ${bars}`,
  );
  await expectToast(page, 'Upload Successful', 'Your media has been uploaded successfully!');
  assert(await all.isDisabled(), 'Upload All enabled with nothing pending');
  await shot(page, 'upload-completed');
});
await check('paste an image from the clipboard queues and uploads it', async () => {
  const b64 = readFileSync(fx.pasted).toString('base64');
  await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const file = new File([bytes], 'image.png', { type: 'image/png' });
    const dt = new DataTransfer();
    dt.items.add(file);
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, b64);
  await expectToast(page, 'Image Pasted', 'Image from clipboard added to upload queue');
  const row = page.locator('[data-testid=queue-item][data-status=pending]').filter({ hasText: 'pasted-image-' });
  await row.waitFor();
  await row.getByRole('button', { name: /^Upload / }).click();
  await page
    .locator('[data-testid=queue-item][data-status=completed]')
    .filter({ hasText: 'pasted-image-' })
    .waitFor({ timeout: 30_000 });
});
await check('a pasted image over 10 MB is rejected with Invalid File', async () => {
  const b64 = readFileSync(oversize).toString('base64');
  await page.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, b64);
  await expectToast(page, 'Invalid File', 'Image files must be under 10MB');
});
await check('oversize and invalid files are rejected with their messages', async () => {
  await page.locator('[data-testid=file-input]').setInputFiles([oversize, invalid]);
  const box = page.locator('[data-testid=rejected]');
  await box.waitFor();
  const text = await box.innerText();
  assert(text.includes('huge-image.png') && text.includes('Image files must be under 10MB'), `rejected: ${text}`);
  assert(text.includes('notes.txt') && /JPEG, PNG, GIF and WebP images or MP4 videos/.test(text), `rejected: ${text}`);
  const queued = await page.locator('[data-testid=queue-item]').allInnerTexts();
  assert(!queued.some((q) => q.includes('huge-image.png') || q.includes('notes.txt')), 'a rejected file was queued');
  await shot(page, 'upload');
});
await check('dropping a file on the drop zone queues it; removing it', async () => {
  const dt = await page.evaluateHandle((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const t = new DataTransfer();
    t.items.add(new File([bytes], 'dropped-photo.jpg', { type: 'image/jpeg' }));
    return t;
  }, readFileSync(fx.seed[0]).toString('base64'));
  await page.dispatchEvent('[data-testid=dropzone]', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('[data-testid=dropzone]', 'dragover', { dataTransfer: dt });
  await page.dispatchEvent('[data-testid=dropzone]', 'drop', { dataTransfer: dt });
  const row = page.locator('[data-testid=queue-item][data-status=pending]').filter({ hasText: 'dropped-photo.jpg' });
  await row.waitFor();
  await row.getByRole('button', { name: /^Remove / }).click();
  await row.waitFor({ state: 'detached' });
});

console.log('stats');
const myUploads = 2 + (fx.video ? 1 : 0) + 1; // big, mine, video?, pasted
await check('stats show the uploads and their counts', async () => {
  // two other visitors see and vote on everything of ours: one Hot, one Not
  const hot = await other.voteAllRemaining(true);
  const not = await third.voteAllRemaining(false);
  assert(hot.length >= myUploads && not.length >= myUploads, `seed votes ${hot.length}/${not.length}`);
  await page.getByRole('link', { name: 'My Stats' }).click();
  await page.waitForURL('**/stats');
  await page
    .locator('[data-testid=media-card]')
    .nth(myUploads - 1)
    .waitFor();
  const totals = await Promise.all(
    ['total-uploads', 'total-votes', 'total-views'].map((t) => page.locator(`[data-testid=${t}]`).innerText()),
  );
  assert(totals[0] === String(myUploads), `uploads ${totals[0]}`);
  assert(totals[1] === String(myUploads * 2), `votes ${totals[1]}`);
  assert(totals[2] === String(myUploads * 2), `views ${totals[2]}`);
  const card = page.locator('[data-testid=media-card]').filter({ hasText: 'my-beach-day.jpg' });
  const text = await card.innerText();
  assert(
    /\d{2}\/(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\/\d{4}/.test(text),
    `no dd/Mon/yyyy date in "${text}"`,
  );
  assert(SIZE.test(text), `no size in B, KB or MB in "${text}"`);
  assert((await card.locator('[data-testid=card-votes]').innerText()) === '2', 'card votes');
  assert((await card.locator('[data-testid=card-views]').innerText()) === '2', 'card views');
  assert((await card.locator('[data-testid=card-hot]').innerText()) === '50%', 'card hot %');
  assert(text.includes('Image'), 'no Image badge');
  if (fx.video)
    assert(
      (await page.locator('[data-testid=media-card]').filter({ hasText: 'tiny-clip.mp4' }).innerText()).includes(
        'Video',
      ),
      'no Video badge',
    );
  await page.waitForTimeout(400);
  await shot(page, 'stats');
  await auditPage(page, '/stats');
});
await check('detail dialog is titled with the original file name', async () => {
  await page.getByRole('button', { name: 'Show details for my-beach-day.jpg' }).click();
  const dialog = page.getByRole('dialog', { name: 'my-beach-day.jpg' });
  await dialog.waitFor();
  await page.waitForTimeout(300);
  await shot(page, 'stats-detail');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
});
await check('delete asks for confirmation and removes the media', async () => {
  const card = page.locator('[data-testid=media-card]').filter({ hasText: 'pasted-image-' });
  const name = (await card.locator('.media-card__name').innerText()).trim();
  await card.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete media?' });
  await dialog.waitFor();
  const text = await dialog.innerText();
  assert(
    text.includes(`Are you sure you want to delete "${name}"? This action cannot be undone.`),
    `confirm text: ${text}`,
  );
  await shot(page, 'stats-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Media Deleted', 'Your media has been successfully deleted.');
  await card.waitFor({ state: 'detached' });
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=total-uploads]')?.textContent === String(n),
    myUploads - 1,
  );
});

console.log('profile');
await check('profile: taken and available usernames, save', async () => {
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.waitForURL('**/profile');
  const input = page.getByLabel('Username');
  await input.fill(other.user.username);
  await page.locator('[data-testid=username-status][data-state=taken]').waitFor();
  assert(
    (await page.locator('[data-testid=username-status]').innerText()).includes('Username is already taken'),
    'taken text',
  );
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Username Unavailable', 'Please choose a different username.');
  const fresh = `VibeTester${Date.now() % 100000}`;
  await input.fill(fresh);
  await page.locator('[data-testid=username-status][data-state=checking]').waitFor();
  await page.locator('[data-testid=username-status][data-state=available]').waitFor();
  await shot(page, 'profile');
  await auditPage(page, '/profile');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile Updated');
  await page.waitForFunction((n) => document.querySelector('[data-testid=sidebar-username]')?.textContent === n, fresh);
  username = fresh;
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'No Changes', 'No changes were made to your profile.');
});
await check('profile shows session information and member since', async () => {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hmv.session')));
  assert((await page.locator('[data-testid=session-id]').innerText()) === stored.sessionId, 'session id');
  assert((await page.locator('[data-testid=user-id]').innerText()).length > 0, 'user id');
  assert(
    /Member since \d{2}\/[A-Z][a-z]{2}\/\d{4}/.test(await page.locator('.profile-card').innerText()),
    'member since',
  );
});
await check('share my location stores coordinates (4 decimals)', async () => {
  await desktop.grantPermissions(['geolocation'], { origin: base });
  await desktop.setGeolocation({ latitude: 52.520008, longitude: 13.404954 });
  await page.getByRole('button', { name: /Share my location/ }).click();
  const coords = page.locator('[data-testid=coords]');
  await coords.waitFor();
  const t = await coords.innerText();
  assert(t.includes('52.5200') && t.includes('13.4050'), `coords "${t}"`);
});
let savedEmail = '';
await check('save account: magic link e-mail, confirm, Account Saved!', async () => {
  await page.getByText('Secure Account Access').waitFor();
  savedEmail = `e2e-${Date.now()}@example.com`;
  const card = page.locator('.save-card');
  await card.getByLabel('Email address').fill(savedEmail);
  await card.getByRole('button', { name: 'Send Magic Link' }).click();
  await expectToast(page, 'Magic Link Sent!', 'Check your email for a secure login link to save your account');
  const [eml] = await waitForOutbox(outboxDir, 1);
  const raw = readFileSync(eml, 'utf8');
  assert(raw.includes(savedEmail), 'e-mail not addressed to the visitor');
  const link = new URL(linkFromEml(raw));
  await page.goto(base + link.pathname + link.search);
  await page.getByRole('button', { name: 'Save my account' }).click(); // the landing page waits for a click
  await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('verified') === 'true', { timeout: 15_000 });
  await expectToast(page, 'Welcome back');
  await page.waitForURL((u) => u.pathname === '/' && !u.search, { timeout: 5_000 });
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.locator('[data-testid=account-saved]').waitFor();
  const text = await page.locator('[data-testid=account-saved]').innerText();
  assert(text.includes('Account Saved!') && text.includes('Saved to') && text.includes(savedEmail), `card: ${text}`);
  assert(
    (await page.locator('[data-testid=sidebar-username]').innerText()) === username,
    'another user after the link',
  );
  await shot(page, 'profile-saved');
});
await check('a used magic link shows the Verification Error toast', async () => {
  const [eml] = await waitForOutbox(outboxDir, 1);
  const link = new URL(linkFromEml(readFileSync(eml, 'utf8')));
  await page.goto(base + link.pathname + link.search);
  await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
  await expectToast(page, 'Verification Error');
  const t = await toastText(page);
  assert(
    /Invalid or expired magic link|Magic link has expired|User verification failed|Account verification failed|Something went wrong/.test(
      t,
    ),
    `toast "${t}"`,
  );
});

console.log('account menu and dialogs');
await check('avatar menu: Edit Profile, Save Account, Login as Different User, Logout', async () => {
  await page.goto('/');
  await page.locator('.user-block').click();
  const menu = page.locator('[data-testid=avatar-menu]');
  await menu.waitFor();
  const items = await menu.getByRole('menuitem').allInnerTexts();
  assert(
    JSON.stringify(items.map((s) => s.trim())) ===
      JSON.stringify(['Edit Profile', 'Save Account', 'Login as Different User', 'Logout']),
    `items ${items}`,
  );
  await shot(page, 'menu');
  await auditPage(page, 'avatar menu');
  await menu.getByRole('menuitem', { name: 'Save Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Your Account' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
  await expectToast(page, 'Email Required', 'Please enter your email address to save your account.');
  await shot(page, 'dialog-save-account');
  // Escape first dismisses the toast (the top layer), then the dialog.
  for (let i = 0; i < 3 && (await dialog.isVisible()); i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(150);
  }
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.user-block').click();
  await page.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Login as Different User' }).click();
  const login = page.getByRole('dialog', { name: 'Login as Different User' });
  await login.waitFor();
  const send = login.getByRole('button', { name: 'Send Login Link' });
  assert(await send.isDisabled(), 'Send Login Link enabled with an empty field');
  await login.getByLabel('Email address').fill(savedEmail);
  assert(await send.isEnabled(), 'Send Login Link disabled with an e-mail');
  await shot(page, 'dialog-login');
  await send.click();
  await expectToast(
    page,
    'Login Link Sent!',
    'Check your email for a secure login link to access your existing account',
  );
});

console.log('mobile (390×844)');
const mobile = await newContext({
  viewport: MOBILE,
  baseURL: base,
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  storageState: await desktop.storageState(),
});
const mpage = await newPage(mobile);
await check('mobile: header with site name and two-letter avatar, tab bar, no sidebar', async () => {
  await mpage.goto('/stats');
  await mpage.locator('[data-testid=media-card]').first().waitFor();
  assert(await mpage.locator('.mobile-header').isVisible(), 'no mobile header');
  assert(!(await mpage.locator('.sidebar').isVisible()), 'sidebar visible on mobile');
  assert((await mpage.locator('[data-testid=mobile-site-name]').innerText()).length > 0, 'no site name');
  const letters = await mpage.locator('[data-testid=mobile-avatar]').innerText();
  assert(letters === username.slice(0, 2).toUpperCase(), `avatar "${letters}"`);
  const tabs = await mpage.locator('.tabbar__link').allInnerTexts();
  assert(JSON.stringify(tabs.map((t) => t.trim())) === '["Rate","Upload","Stats","Profile"]', `tabs ${tabs}`);
  await shot(mpage, 'stats');
});
await check('mobile: tab bar hides scrolling down past 100 px, returns on scroll up and at the top', async () => {
  await mpage.goto('/profile');
  await mpage.locator('[data-testid=session-id]').waitFor();
  await shot(mpage, 'profile');
  const bar = mpage.locator('[data-testid=tabbar]');
  const scrollTo = async (y) => {
    await mpage.evaluate((v) => window.scrollTo(0, v), y);
    await mpage.waitForTimeout(120);
  };
  const visible = () => bar.getAttribute('data-visible');
  await scrollTo(60);
  assert((await visible()) === 'true', 'hidden before 100 px');
  await scrollTo(300);
  assert((await visible()) === 'false', 'still visible after scrolling down past 100 px');
  await mpage.waitForTimeout(300);
  const box = await bar.boundingBox();
  assert(box.y >= MOBILE.height - 2, `bar still on screen at y=${box.y}`);
  await scrollTo(250);
  assert((await visible()) === 'true', 'not back on scroll up');
  await scrollTo(400);
  assert((await visible()) === 'false', 'not hidden again');
  await scrollTo(5);
  assert((await visible()) === 'true', 'not visible at the top');
});
await check('mobile screens: rate, upload, 404, menu', async () => {
  await mpage.goto('/');
  await mpage.locator('[data-testid=rated-all]').waitFor();
  const rateBox = await mpage.locator('.rate--state').boundingBox();
  assert(rateBox.width <= MOBILE.width, 'rate screen wider than the phone');
  await shot(mpage, 'rate-rated-all');
  await mpage.locator('.tabbar__link', { hasText: 'Upload' }).click();
  await mpage.getByRole('heading', { name: 'Upload Media' }).waitFor();
  await mpage.locator('[data-testid=file-input]').setInputFiles([fx.mine, oversize]);
  await mpage.locator('[data-testid=queue-item]').waitFor();
  await mpage.locator('[data-testid=mobile-avatar]').click();
  await mpage.locator('[data-testid=avatar-menu]').waitFor();
  await shot(mpage, 'menu');
  await mpage.keyboard.press('Escape');
  await mpage.locator('[data-testid=mobile-avatar]').click();
  await mpage.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Save Account' }).click();
  await mpage.getByRole('dialog', { name: 'Save Your Account' }).waitFor();
  await shot(mpage, 'dialog-save-account');
  await mpage.keyboard.press('Escape');
  await mpage.goto('/no/such/page');
  await mpage.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await shot(mpage, 'not-found');
  const noScroll = await mpage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert(noScroll, 'horizontal scrolling on mobile');
});
await check(
  'mobile upload: a long file name is cut (full name in its tooltip), badge and progress stay on the card',
  async () => {
    await mpage.goto('/upload');
    await mpage.getByRole('heading', { name: 'Upload Media' }).waitFor();
    await mpage.locator('[data-testid=file-input]').setInputFiles([longName, fx.mine, tiny]);
    const row = mpage.locator('[data-testid=queue-item]').filter({ hasText: 'IMG_20250614' });
    await row.waitFor();
    const geo = await row.evaluate((li) => {
      const r = (el) => el.getBoundingClientRect();
      const card = r(li);
      const name = li.querySelector('.queue__name');
      return {
        card: { left: card.left, right: card.right },
        badge: r(li.querySelector('[data-testid=queue-status]')),
        bar: r(li.querySelector('[role=progressbar]')),
        cut: name.scrollWidth > name.clientWidth,
        title: name.getAttribute('title'),
      };
    });
    for (const [what, box] of [
      ['status badge', geo.badge],
      ['progress bar', geo.bar],
    ])
      assert(
        box.left >= geo.card.left && box.right <= geo.card.right + 0.5,
        `${what} ${Math.round(box.left)}–${Math.round(box.right)} outside the card ${geo.card.left}–${geo.card.right}`,
      );
    assert(geo.cut, 'the long name is not cut');
    assert(geo.title === path.basename(longName), `tooltip "${geo.title}"`);
    const tinyRow = await mpage.locator('[data-testid=queue-item]').filter({ hasText: 'tiny-dot.png' }).innerText();
    assert(/\b\d+\u00a0B\b/.test(tinyRow), `tiny file row: ${JSON.stringify(tinyRow)}`);
    assert(!(await mpage.locator('body').innerText()).includes('0.00'), 'a size still reads 0.00 MB');
    await shot(mpage, 'upload');
  },
);
await check('mobile stats: each card size stays on one line with its unit', async () => {
  await mpage.goto('/stats');
  await mpage.locator('[data-testid=media-card]').first().waitFor();
  const sizes = await mpage.locator('.media-card__meta > span:first-child').evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { text: el.textContent, lines: lines.size };
    }),
  );
  assert(sizes.length > 0, 'no sizes on the cards');
  for (const sz of sizes) assert(sz.lines === 1 && SIZE.test(sz.text), `size "${sz.text}" on ${sz.lines} lines`);
});
await check('mobile: rating screen with a photo, media area 55% − 10 px', async () => {
  // a fresh phone visitor sees the remaining photos
  const fresh = await newContext({
    viewport: MOBILE,
    baseURL: base,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const p = await newPage(fresh);
  await p.goto('/');
  await mediaId(p);
  await p.waitForFunction(() => {
    const el = document.querySelector('[data-testid=rate-media] img, [data-testid=rate-media] video');
    return el && (el.tagName === 'IMG' ? el.complete : el.readyState >= 2);
  });
  const box = await p.locator('[data-testid=rate-media]').boundingBox();
  assert(Math.abs(box.height - Math.round(MOBILE.height * 0.55 - 10)) <= 2, `media height ${box.height}`);
  assert(!(await p.locator('.vote__keys').first().isVisible()), 'keyboard hints on a phone');
  await shot(p, 'rate');
  const before = await mediaId(p);
  await p.getByRole('button', { name: /^Not/ }).click();
  await waitForNewMedia(p, before);
  await p.locator('[data-testid=results]').waitFor();
  await p.evaluate(() => window.scrollTo(0, 420));
  await shot(p, 'rate-results');
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.locator('[data-testid=rate-media]').click();
  await p.locator('[data-testid=media-overlay]').waitFor();
  await shot(p, 'rate-overlay');
  await p.keyboard.press('Escape');
  await p.locator('[data-testid=media-overlay]').waitFor({ state: 'detached' });
  const back = await p
    .waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'rate-media', null, {
      timeout: 2_000,
    })
    .then(() => 'rate-media')
    .catch(() => p.evaluate(() => document.activeElement?.tagName));
  assert(back === 'rate-media', `focus went to ${back} after the overlay closed`);
  await fresh.close();
});
/** Skips until a video is on screen, opens it full size: the video fills the viewport at its ratio. */
async function checkVideoOverlay(viewport, mobile) {
  const ctx = await newContext({
    viewport,
    baseURL: base,
    ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const p = await newPage(ctx);
  await p.goto('/');
  for (let i = 0; i < 15; i++) {
    const id = await loadedMediaId(p);
    if (await p.locator('[data-testid=rate-media] video').count()) break;
    await p.getByRole('button', { name: /Skip this photo/ }).click();
    await waitForNewMedia(p, id);
  }
  const inline = await p.locator('[data-testid=rate-media] video').boundingBox();
  assert(inline, 'no video came up to rate');
  await p.locator('[data-testid=rate-media]').click();
  const video = p.locator('[data-testid=media-overlay] video');
  await video.waitFor();
  await p.waitForFunction(() => document.querySelector('[data-testid=media-overlay] video')?.readyState >= 1);
  await p.waitForTimeout(200);
  const { ratio, room } = await video.evaluate((v) => {
    const stage = v.parentElement;
    const cs = getComputedStyle(stage);
    return {
      ratio: v.videoWidth / v.videoHeight,
      room: {
        w: stage.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
        h: stage.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom),
      },
    };
  });
  const box = await video.boundingBox();
  const fit = Math.min(room.w, room.h * ratio);
  assert(
    box.width >= fit - 2,
    `overlay video ${Math.round(box.width)}×${Math.round(box.height)}, expected ${Math.round(fit)} wide`,
  );
  assert(
    Math.abs(box.width / box.height - ratio) < 0.02,
    `overlay video box ratio ${box.width / box.height} ≠ ${ratio}`,
  );
  assert(box.width >= inline.width - 1, `overlay video ${box.width} px narrower than the inline one (${inline.width})`);
  await shot(p, 'rate-overlay-video');
  await ctx.close();
}
if (fx.video) {
  await check('video overlay scales the video up to the viewport (390×844)', () => checkVideoOverlay(MOBILE, true));
  await check('video overlay scales the video up to the viewport (1280×800)', () => checkVideoOverlay(DESKTOP, false));
} else {
  pending('video overlay scales the video up to the viewport', 'ffmpeg is not installed: no video fixture');
}
await check('mobile: stats detail and profile dialogs fit the screen', async () => {
  await mpage.goto('/stats');
  await mpage.locator('[data-testid=media-card]').first().locator('.media-card__open').click();
  const d = mpage.getByRole('dialog');
  await d.waitFor();
  await shot(mpage, 'stats-detail');
  const box = await d.boundingBox();
  assert(
    box.x >= -1 && box.x + box.width <= MOBILE.width + 1,
    `dialog box ${JSON.stringify(box)} wider than the phone`,
  );
});
await check('mobile: Welcome Back after logout, empty stats for a new visitor', async () => {
  const ctx = await newContext({
    viewport: MOBILE,
    baseURL: base,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const p = await newPage(ctx);
  await p.goto('/stats');
  await p.getByRole('heading', { name: "You haven't uploaded any media yet" }).waitFor();
  await shot(p, 'stats-empty');
  await p.locator('[data-testid=mobile-avatar]').click();
  await p.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Logout' }).click();
  const welcome = p.getByRole('dialog', { name: 'Welcome Back' });
  await welcome.waitFor({ timeout: 15_000 });
  assert((await p.locator('[data-testid=mobile-avatar]').innerText()) === 'HV', 'avatar fallback is not HV');
  await shot(p, 'welcome-back');
  const f = await focusIn(p, '[role=dialog]');
  assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}", not in the Welcome Back e-mail field`);
  await p.keyboard.type('nobody-here@example.com');
  await p.keyboard.press('Enter');
  await expectToast(p, 'Login Link Sent!');
  const notice = welcome.locator('.notice');
  await notice.waitFor();
  const text = (await notice.innerText()).replace(/\s+/g, ' ').trim();
  assert(text.startsWith('Login link sent to nobody-here@example.com.'), `notice "${text}"`);
  // one block of text beside the icon, not three columns
  const widths = await notice.evaluate((n) => ({
    notice: n.clientWidth,
    blocks: [...n.children].filter((c) => c.tagName !== 'svg').map((c) => c.getBoundingClientRect().width),
  }));
  assert(
    widths.blocks.length === 1 && widths.blocks[0] > widths.notice * 0.7,
    `notice laid out as ${JSON.stringify(widths)}`,
  );
  await shot(p, 'welcome-back-sent');
  await ctx.close();
});
await mobile.close();

console.log('logout and welcome back');
await check('logout → Welcome Back (also in another tab) → login as a new user', async () => {
  const second = await newPage(desktop);
  await second.goto('/stats');
  await second.locator('[data-testid=total-uploads]').waitFor();
  await page.goto('/');
  await page.locator('.user-block').click();
  await page.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Logout' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome Back' });
  await welcome.waitFor({ timeout: 15_000 });
  assert((await page.evaluate(() => localStorage.getItem('hmv.session'))) === null, 'session record kept after logout');
  await second.getByRole('dialog', { name: 'Welcome Back' }).waitFor({ timeout: 15_000 });
  await second.close();
  await page.keyboard.press('Escape');
  assert(await welcome.isVisible(), 'Welcome Back closed on Escape');
  await shot(page, 'welcome-back');
  await auditPage(page, 'Welcome Back');
  const f = await focusIn(page, '[role=dialog]');
  assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}", not in the Welcome Back e-mail field`);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    const g = await focusIn(page, '[role=dialog]');
    assert(g.inside, `Tab ${i + 1} left Welcome Back for ${g.tag} "${g.label}"`);
  }
  const email = welcome.getByLabel('Email address');
  await email.fill(savedEmail);
  await email.press('Enter');
  await expectToast(page, 'Login Link Sent!');
  await welcome.getByRole('button', { name: 'Login as a New User' }).click();
  await page.waitForFunction(
    (old) => {
      const t = document.querySelector('[data-testid=sidebar-username]')?.textContent ?? '';
      return t && t !== 'Loading...' && t !== old;
    },
    username,
    { timeout: 15_000 },
  );
  assert(!(await page.getByRole('dialog', { name: 'Welcome Back' }).isVisible()), 'Welcome Back still open');
  const newName = await page.locator('[data-testid=sidebar-username]').innerText();
  assert(/^(?:[A-Z][a-z]+){3}\d*$/.test(newName), `new username ${newName}`);
});
await check('the saved account comes back through its login link', async () => {
  const files = await waitForOutbox(outboxDir, 3);
  const raw = readFileSync(files[files.length - 1], 'utf8');
  assert(raw.includes(savedEmail), 'login mail not for the saved address');
  const link = new URL(linkFromEml(raw));
  await page.goto(base + link.pathname + link.search);
  await page.getByRole('button', { name: `Sign in as ${username}` }).click();
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid=sidebar-username]')?.textContent === n,
    username,
    { timeout: 15_000 },
  );
});
await check('404 page says Page Not Found', async () => {
  await page.goto('/definitely/not/here');
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  assert((await page.title()).startsWith('Page Not Found'), 'title');
  await shot(page, 'not-found');
});
await check('Upload Your First Photo-style empty stats and Welcome Back look (desktop screenshots)', async () => {
  const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
  const p = await newPage(ctx);
  await p.goto('/stats');
  await p.getByRole('heading', { name: "You haven't uploaded any media yet" }).waitFor();
  await shot(p, 'stats-empty');
  await p.goto('/upload');
  await p.getByRole('heading', { name: 'Upload Media' }).waitFor();
  await shot(p, 'upload-empty');
  await ctx.close();
});

console.log('traffic redirects');
{
  const back = await adminPost(apiOrigin, '/api/admin/back-button-config', { backButtonUrl: `${base}/back-target` });
  if (back.status >= 200 && back.status < 300) {
    const landed = async (p) => {
      await p.goto('/');
      await p.waitForFunction(
        () => (document.querySelector('[data-testid=sidebar-username]')?.textContent ?? 'Loading...') !== 'Loading...',
      );
      await p.waitForTimeout(500);
    };
    await check('back-button redirect goes to the configured URL', async () => {
      const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
      const p = await newPage(ctx);
      await landed(p);
      await p.mouse.click(640, 40); // a user gesture: Chrome only keeps history entries added after one
      await p.waitForTimeout(200);
      await p.goBack().catch(() => {});
      await p.waitForURL('**/back-target', { timeout: 10_000 });
      await ctx.close();
    });
    await check(
      '"Skip to content" (keyboard and mouse) and a #main jump stay on the site; then Back redirects',
      async () => {
        const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
        const p = await newPage(ctx);
        await landed(p);
        await p.keyboard.press('Tab');
        const skip = p.getByRole('link', { name: 'Skip to content' });
        assert(await skip.evaluate((el) => el === document.activeElement), 'Tab does not reach Skip to content first');
        await shot(p, 'skip-link');
        await p.keyboard.press('Enter');
        await p.waitForTimeout(400);
        assert(!p.url().includes('back-target'), `redirected to ${p.url()}`);
        assert(
          (await p.evaluate(() => document.activeElement?.id)) === 'main',
          'the skip link did not focus the content',
        );
        await skip.focus();
        await skip.click();
        // a plain in-page link to #main, as any page may have: a history entry, still no redirect
        await p.evaluate(() => {
          const a = document.createElement('a');
          a.href = '#main';
          a.id = 'e2e-hash-link';
          a.textContent = 'to main';
          a.style.cssText = 'position:fixed;top:300px;left:600px;z-index:1000';
          document.body.append(a);
        });
        await p.click('#e2e-hash-link');
        await p.waitForTimeout(200);
        await p.goBack(); // back from #main to the page: still ours
        await p.waitForTimeout(400);
        assert(!p.url().includes('back-target'), `redirected to ${p.url()}`);
        await p.goBack().catch(() => {}); // a real Back out of the landing page
        await p.waitForURL('**/back-target', { timeout: 10_000 });
        await ctx.close();
      },
    );
    await check(
      'back-button redirect: a left-edge swipe goes to the URL, a swipe from mid-screen does not',
      async () => {
        const ctx = await newContext({
          viewport: MOBILE,
          baseURL: base,
          isMobile: true,
          hasTouch: true,
          deviceScaleFactor: 2,
        });
        const p = await newPage(ctx);
        await p.goto('/');
        await p.locator('[data-testid=mobile-avatar]').waitFor();
        await p.waitForTimeout(500);
        const cdp = await ctx.newCDPSession(p);
        const swipe = async (fromX, toX) => {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: 420 }] });
          for (let x = fromX + 40; x < toX; x += 40)
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 424 }] });
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
        };
        await swipe(150, 330);
        await p.waitForTimeout(400);
        assert(!p.url().includes('back-target'), `a mid-screen swipe redirected to ${p.url()}`);
        await swipe(10, 220);
        await p.waitForURL('**/back-target', { timeout: 10_000 });
        await ctx.close();
      },
    );
    await adminPost(apiOrigin, '/api/admin/back-button-config', { backButtonUrl: '' });
  } else {
    pending('back-button redirect', `POST /api/admin/back-button-config → ${back.status}`);
  }
  const idle = await adminPost(apiOrigin, '/api/admin/idle-redirect-config', {
    idleRedirectTime: 30,
    idleRedirectUrl: `${base}/idle-target`,
  });
  if (idle.status >= 200 && idle.status < 300) {
    await check('idle redirect fires after the configured 30 s without activity', async () => {
      const cfg = await fetch(apiOrigin + '/api/idle-redirect-config').then((r) => r.json());
      assert(
        cfg.enabled && cfg.idleRedirectTime === 30 && cfg.idleRedirectUrl === `${base}/idle-target`,
        `public config ${JSON.stringify(cfg)}`,
      );
      const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
      const p = await newPage(ctx);
      const t0 = Date.now();
      await p.goto('/');
      await p.waitForURL('**/idle-target', { timeout: 45_000 });
      const waited = (Date.now() - t0) / 1000;
      assert(waited >= 29, `redirected after only ${waited.toFixed(1)} s`);
      await ctx.close();
    });
  } else {
    pending(
      'idle redirect fires with a short configured time',
      `POST /api/admin/idle-redirect-config → ${idle.status}: ${idle.text.slice(0, 100)}`,
    );
  }
}

console.log('broken media');
{
  // A visitor uploads a photo through the app; then its stored file disappears from DATA_DIR/media.
  const owner = await newContext({ viewport: DESKTOP, baseURL: base });
  const op = await newPage(owner);
  let broken = null;
  await check('seed: a photo uploaded through the app whose stored file is then deleted', async () => {
    await op.goto('/upload');
    await op.locator('[data-testid=file-input]').setInputFiles([fx.seed[2]]);
    const [res] = await Promise.all([
      op.waitForResponse((r) => new URL(r.url()).pathname === '/api/media/upload'),
      op.getByRole('button', { name: 'Upload All' }).click(),
    ]);
    broken = await res.json();
    const key = decodeURIComponent(new URL(broken.url, apiOrigin).pathname.replace(/^\/media\//, ''));
    const file = path.join(dataDir, 'data', 'media', ...key.split('/'));
    assert(existsSync(file), `no stored file at ${file}`);
    rmSync(file);
    const r = await fetch(apiOrigin + broken.url);
    assert(r.status >= 400, `the deleted media still answers ${r.status}`);
  });
  await check('stats: a card whose file is gone says Image unavailable (both sizes)', async () => {
    await op.goto('/stats');
    const card = op.locator('[data-testid=media-card]').first();
    await card.getByText('Image unavailable').waitFor();
    await shot(op, 'stats-unavailable');
    const phone = await newContext({
      viewport: MOBILE,
      baseURL: base,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      storageState: await owner.storageState(),
    });
    const pp = await newPage(phone);
    await pp.goto('/stats');
    await pp.locator('[data-testid=media-card]').first().getByText('Image unavailable').waitFor();
    await shot(pp, 'stats-unavailable');
    await phone.close();
  });

  /** A fresh visitor who has rated everything except the broken photo (through its own cookie). */
  async function lastOneLeft(viewport, mobile) {
    const ctx = await newContext({
      viewport,
      baseURL: base,
      ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    });
    const p = await newPage(ctx);
    const votes = watchVotes(p);
    await p.goto('/404-first'); // no rating screen yet
    await p.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await p.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
    const api = new ApiVisitor(apiOrigin);
    api.cookie = (await ctx.cookies()).filter((c) => c.name === 'vibe_session').map((c) => `${c.name}=${c.value}`)[0];
    api.user = (await api.call('GET', '/api/session')).json;
    assert(api.user?.id, 'no session for the browser visitor');
    for (let i = 0; i < 60; i++) {
      const r = await api.call('GET', `/api/media/random/${api.user.id}?exclude=${broken.id}`);
      if (r.status !== 200 || r.json === null || String(r.json.id) === String(broken.id)) break;
      await api.call('POST', '/api/votes', { userId: api.user.id, mediaId: r.json.id, isHot: true });
    }
    return { ctx, p, votes };
  }
  for (const [viewport, mobile] of [
    [DESKTOP, false],
    [MOBILE, true],
  ]) {
    await check(
      `broken photo as the last item (${viewport.width}×${viewport.height}): no vote until it loads, skipped, rated-all`,
      async () => {
        const { ctx, p, votes } = await lastOneLeft(viewport, mobile);
        // hold the failing answer a moment, so the screen can be seen (and poked) while it loads
        let release;
        const held = new Promise((r) => (release = r));
        await ctx.route(
          (u) => u.pathname === new URL(broken.url, base).pathname,
          async (route) => {
            await held;
            await route.continue();
          },
        );
        await p.goto('/');
        const media = p.locator(`[data-testid=rate-media][data-media-id="${broken.id}"]`);
        await media.waitFor();
        assert((await media.getAttribute('data-loaded')) === 'false', 'the broken photo counts as loaded');
        for (const name of [/^Hot/, /^Not/])
          assert(await p.getByRole('button', { name }).isDisabled(), `${name} enabled before the photo loaded`);
        await p.keyboard.press('h');
        await p.keyboard.press('ArrowLeft');
        await shot(p, 'rate-loading');
        release();
        const text = await p.locator('[data-testid=rated-all]').innerText({ timeout: 10_000 });
        assert(text.includes('You have rated all the media we have right now'), `text "${text}"`);
        assert(!(await p.getByText('Loading media...').count()), 'still says Loading media...');
        await p.waitForTimeout(500);
        assert(votes.length === 0, `voted on ${votes.join(', ')} although nothing could be seen`);
        await shot(p, 'rate-rated-all-broken');
        await ctx.close();
      },
    );
  }
  await check('broken photo among others: never voted, skipped, every other photo rated, then rated-all', async () => {
    const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
    const p = await newPage(ctx);
    const votes = watchVotes(p);
    await p.goto('/');
    for (let i = 0; i < 40; i++) {
      if (await p.locator('[data-testid=rated-all]').isVisible()) break;
      const id = await loadedMediaId(p, 3_000).catch(() => null);
      if (!id) continue;
      await p.keyboard.press(i % 2 ? 'h' : 'n');
      await waitForNewMedia(p, id, 3_000).catch(() => {});
    }
    await p.locator('[data-testid=rated-all]').waitFor({ timeout: 10_000 });
    assert(!votes.includes(String(broken.id)), 'the broken photo was voted on');
    const api = new ApiVisitor(apiOrigin);
    api.cookie = (await ctx.cookies()).filter((c) => c.name === 'vibe_session').map((c) => `${c.name}=${c.value}`)[0];
    api.user = (await api.call('GET', '/api/session')).json;
    const left = await api.call('GET', `/api/media/random/${api.user.id}?exclude=${broken.id}`);
    assert(
      left.status === 200 && String(left.json?.id) === String(broken.id),
      `something other than the broken photo is left unrated: ${left.status} ${JSON.stringify(left.json)}`,
    );
    assert(new Set(votes).size === votes.length && votes.length >= 5, `votes ${votes.join(', ')}`);
    await ctx.close();
  });
  await owner.close();
}

await check('a long username is cut in the sidebar and the menu, with the full name as tooltip', async () => {
  const ctx = await newContext({ viewport: DESKTOP, baseURL: base });
  const p = await newPage(ctx);
  await p.goto('/profile');
  const long = `Extraordinarily${Date.now() % 1e9}`.padEnd(32, 'x');
  await p.getByLabel('Username').fill(long);
  await p.locator('[data-testid=username-status][data-state=available]').waitFor();
  await p.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(p, 'Profile Updated');
  await p.waitForFunction((n) => document.querySelector('[data-testid=sidebar-username]')?.textContent === n, long);
  const block = await p.locator('.user-block').evaluate((b) => {
    const name = b.querySelector('.user-block__name');
    return { title: b.getAttribute('title'), cut: name.scrollWidth > name.clientWidth };
  });
  assert(block.cut, 'the long name is not cut in the user block');
  assert(block.title === long, `user block tooltip "${block.title}"`);
  await p.locator('.user-block').click();
  const inMenu = await p.locator('[data-testid=avatar-menu] .menu__name').evaluate((el) => ({
    title: el.getAttribute('title'),
    cut: el.scrollWidth > el.clientWidth,
  }));
  assert(inMenu.title === long, `menu tooltip "${inMenu.title}"`);
  await shot(p, 'menu-long-name');
  await p.keyboard.press('Escape');
  await ctx.close();
});
await check('an alternate domain shows its own display name (SITE_DOMAIN_NAMES, no rebuild)', async () => {
  const alt = base.replace('localhost', '127.0.0.1');
  const ctx = await newContext({ viewport: DESKTOP });
  const p = await newPage(ctx);
  await p.goto(alt + '/404-check');
  await p.waitForFunction(() => document.querySelector('[data-testid=site-name]')?.textContent === 'Vibe Check', null, {
    timeout: 10_000,
  });
  assert((await p.title()).includes('Vibe Check'), `title ${await p.title()}`);
  await ctx.close();
});
await check('analytics: page views, navigation, vote, upload, profile update and magic link are tracked', async () => {
  const events = new Set(analytics.map((a) => a?.event));
  const missing = ['page_view', 'navigation', 'vote', 'upload', 'profile_update', 'magic_link'].filter(
    (e) => !events.has(e),
  );
  assert(missing.length === 0, `missing ${missing.join(', ')} (saw ${[...events].join(', ')})`);
});
await check('controls are labelled, images have alt text, fields have labels', async () => {
  assert(a11y.length === 0, [...new Set(a11y)].slice(0, 8).join('\n'));
});
await check(
  'axe-core: no serious or critical findings on any screen (every screenshot, 1280×800 and 390×844)',
  async () => {
    const sizes = new Set([...axeAudited].map((l) => l.slice(l.lastIndexOf('-') + 1)));
    assert(sizes.has('1280x800') && sizes.has('390x844'), `audited only at ${[...sizes].join(', ')}`);
    assert(axeFindings.length === 0, [...new Set(axeFindings)].slice(0, 12).join('\n'));
  },
);
await check('no screen scrolls sideways (checked on every screenshot)', async () => {
  assert(overflowing.length === 0, overflowing.join(', '));
});
await check('no uncaught errors in the pages', async () => {
  assert(pageErrors.length === 0, pageErrors.slice(0, 5).join('\n'));
});

const shots = readdirSync(shotsDir).filter((f) => f.endsWith('.png'));
console.log(`screenshots: ${shots.length} in ${path.relative(root, shotsDir)}/`);
console.log(`axe-core audits: ${axeAudited.size} screens`);
if (progressValues.length) console.log(`upload progress values seen: ${[...new Set(progressValues)].join(', ')}`);
if (failed) console.log(`backend log: ${logFile}`);
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
if (pendingChecks.length) console.log(`${pendingChecks.length} pending: ${pendingChecks.join('; ')}`);
await cleanup();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
