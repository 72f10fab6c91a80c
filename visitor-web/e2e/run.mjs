#!/usr/bin/env node
// End-to-end run of the visitor app in Chromium (@playwright/test) against the real backend.
//
// Needs backend/dist/main.js and visitor-web/dist (it builds nothing). Starts the API on a free
// port with a fresh DATA_DIR (embedded PGlite, local storage, outbox mail), serves the build
// (the API serves it at /, else this script does), then runs visitor-web/e2e/*.spec.ts with
// playwright.config.ts: the `setup` project (browser-made visitors), then the `desktop` (1280×800)
// and `phone` (390×844) projects. Every spec also runs alone (`node e2e/run.mjs 03-stats`).
// Screenshots: visitor-web/e2e/screenshots/. Ends with "N passed, M failed" (a skipped or not-run
// test counts as failed) and exits non-zero on failure.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_SERVER (another server entry point
// to run instead of backend/dist/main.js, for debugging), E2E_KEEP=1 keeps the temp DATA_DIR.
// Arguments are passed to `playwright test` (a spec file, --grep, --project).
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  finish,
  freePort,
  reportStartFailure,
  requireFiles,
  root,
  runPlaywright,
  startEmbeddedApi,
  chromium,
} from '../../scripts/e2e-harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const serverEntry = process.env.E2E_SERVER
  ? path.resolve(process.env.E2E_SERVER)
  : path.join(root, 'backend', 'dist', 'main.js');
const distDir = path.join(webDir, 'dist');
const shotsDir = path.join(here, 'screenshots');
const ADMIN_PASS = 'e2e-admin-pass';

requireFiles([
  ['backend build', serverEntry],
  ['visitor build', path.join(distDir, 'index.html')],
  ['Chromium', chromium],
]);

// ------------------------------------------------------------ the API, embedded mode, fresh data dir
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hmv-e2e-'));
const api = await startEmbeddedApi({
  entry: serverEntry,
  logFile: path.join(dataDir, 'backend.log'),
  env: (origin) => ({
    DATA_DIR: path.join(dataDir, 'data'),
    ADMIN_PASSWORD: ADMIN_PASS,
    // A display name for one alternate domain, and analytics sent to a same-origin path the specs watch.
    SITE_DOMAIN_NAMES: '127.0.0.1=Vibe Check',
    ANALYTICS_URL: `${origin}/__e2e_analytics`,
  }),
});
const apiOrigin = api.origin;

let staticServer = null;
const done = (counts) => finish({ ...counts, api, dataDir, close: () => staticServer?.close() });

/** Fallback when the API does not serve the visitor build: dist + proxy of /api and /media. */
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
        { host: '127.0.0.1', port: api.port, path: req.url, method: req.method, headers: req.headers },
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

console.log(`visitor-web e2e — data dir ${dataDir}`);
let base = apiOrigin;
try {
  await api.healthy();
  const home = await fetch(apiOrigin + '/')
    .then((r) => r.text())
    .catch(() => '');
  const entry = /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(path.join(distDir, 'index.html'), 'utf8'))?.[1];
  if (!entry || !home.includes(entry)) {
    const port = await freePort();
    await startStaticProxy(port);
    base = `http://localhost:${port}`;
    console.log(`  (the API does not serve visitor-web/dist at /: serving it from the harness at ${base})`);
  }
} catch (err) {
  reportStartFailure('backend start', err);
  await done({ passed: 0, failed: 1 });
}

mkdirSync(shotsDir, { recursive: true });
for (const f of readdirSync(shotsDir)) if (f.endsWith('.png')) rmSync(path.join(shotsDir, f));

// ------------------------------------------------------------ the Playwright suite
const counts = await runPlaywright({
  config: path.join(here, 'playwright.config.ts'),
  report: path.join(dataDir, 'report.json'),
  env: { E2E_BASE_URL: base, E2E_API_ORIGIN: apiOrigin, E2E_DATA_DIR: dataDir, E2E_ADMIN_PASS: ADMIN_PASS },
});
const shots = readdirSync(shotsDir).filter((f) => f.endsWith('.png'));
console.log(`screenshots: ${shots.length} in ${path.relative(root, shotsDir)}/`);
await done(counts);
