#!/usr/bin/env node
// End-to-end run of the visitor app in Chromium (@playwright/test) against the real backend.
//
// Needs backend/dist/main.js and visitor-web/dist (it builds nothing). Starts the API on a free
// port with a fresh DATA_DIR (embedded PGlite, local storage, outbox mail), serves the build
// (the API serves it at /, else this script does), then runs visitor-web/e2e/*.spec.ts with
// playwright.config.ts: the `desktop` project (1280×800), the `phone` project (390×844), then the
// run-wide `findings`. Screenshots: visitor-web/e2e/screenshots/. Ends with "N passed, M failed"
// (a skipped or not-run test counts as failed) and exits non-zero on failure.
//
// Environment: CHROMIUM_PATH (default /usr/bin/chromium), E2E_SERVER (another server entry point
// to run instead of backend/dist/main.js, for debugging), E2E_KEEP=1 keeps the temp DATA_DIR.
// Arguments are passed to `playwright test` (a spec file, --grep, --project).
import { spawn } from 'node:child_process';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '..');
const root = path.resolve(webDir, '..');
const serverEntry = process.env.E2E_SERVER
  ? path.resolve(process.env.E2E_SERVER)
  : path.join(root, 'backend', 'dist', 'main.js');
const distDir = path.join(webDir, 'dist');
const shotsDir = path.join(here, 'screenshots');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_PASS = 'e2e-admin-pass';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

for (const [what, p] of [
  ['backend build', serverEntry],
  ['visitor build', path.join(distDir, 'index.html')],
  ['Chromium', chromium],
]) {
  if (!existsSync(p)) {
    console.error(`missing ${what}: ${p}`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// ------------------------------------------------------------ the API, embedded mode, fresh data dir
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hmv-e2e-'));
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
    ADMIN_PASSWORD: ADMIN_PASS,
    PUBLIC_URL: apiOrigin,
    // A display name for one alternate domain, and analytics sent to a same-origin path the specs watch.
    SITE_DOMAIN_NAMES: '127.0.0.1=Vibe Check',
    ANALYTICS_URL: `${apiOrigin}/__e2e_analytics`,
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(log);
child.stderr.pipe(log);
let exited = null;
child.on('exit', (code, signal) => (exited = { code, signal }));
// Never leave the API running, even when this script itself crashes.
process.on('exit', () => {
  if (!exited) child.kill('SIGKILL');
});

const tail = () => {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '';
  }
};

let staticServer = null;
async function finish(passed, failed) {
  console.log(`${passed} passed, ${failed} failed`);
  staticServer?.close();
  if (!exited) {
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)]);
    if (!exited) child.kill('SIGKILL');
  }
  if (failed) console.log(`  backend log: ${logFile}`);
  else if (!process.env.E2E_KEEP) rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}

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

console.log(`visitor-web e2e — data dir ${dataDir}`);
let base = apiOrigin;
try {
  const until = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`backend exited ${JSON.stringify(exited)}\n${tail()}`);
    const ok = await fetch(`${apiOrigin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error(`backend not healthy after 90 s\n${tail()}`);
    await sleep(300);
  }
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
  console.log(
    `  ✗ backend start\n      ${String(err.message ?? err)
      .split('\n')
      .join('\n      ')}`,
  );
  await finish(0, 1);
}

mkdirSync(shotsDir, { recursive: true });
for (const f of readdirSync(shotsDir)) if (f.endsWith('.png')) rmSync(path.join(shotsDir, f));

// ------------------------------------------------------------ the Playwright suite
const report = path.join(dataDir, 'report.json');
// not spawnSync: this process serves the build (when the API does not) meanwhile
const runner = spawn(
  'npx',
  ['playwright', 'test', '--config', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_BASE_URL: base,
      E2E_API_ORIGIN: apiOrigin,
      E2E_DATA_DIR: dataDir,
      E2E_ADMIN_PASS: ADMIN_PASS,
      E2E_REPORT: report,
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
    },
  },
);
const status = await new Promise((resolve) => runner.on('exit', (code) => resolve(code ?? 1)));
let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
  passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  // a skipped test (or one not run because an earlier project failed) is not a pass
  failed = (stats.unexpected ?? 0) + (stats.skipped ?? 0);
}
if (status !== 0 && failed === 0) failed = 1;
const shots = readdirSync(shotsDir).filter((f) => f.endsWith('.png'));
console.log(`screenshots: ${shots.length} in ${path.relative(root, shotsDir)}/`);
await finish(passed, failed);
