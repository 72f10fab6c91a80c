// What the two web apps' e2e launchers (visitor-web/e2e/run.mjs, admin-web/e2e/run.mjs) share:
// checking the builds are there, the API started in the embedded mode on a fresh data dir, the
// Playwright run with its JSON report read back, and the "N passed, M failed" ending.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Ends the run as failed when a build or Chromium is missing: `[what, path]` pairs. */
export function requireFiles(list) {
  for (const [what, p] of list) {
    if (!existsSync(p)) {
      console.error(`missing ${what}: ${p}`);
      console.log('0 passed, 1 failed');
      process.exit(1);
    }
  }
}

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Starts `entry` (the built API) on a free port in the embedded mode with `env` on top (an object,
 * or a function of the API's origin that answers one), whatever
 * the caller's environment points at (CI exports DATABASE_URL for the backend suite; it must not
 * leak into this run). `host` names it in its origin (PUBLIC_URL). Never outlives this process.
 */
/** The quotas (new sessions, votes, uploads per network and per visitor) switched off: 0 is no limit. */
export const NO_QUOTAS = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../backend/src/config/test-settings.json'), 'utf8'),
);

export async function startEmbeddedApi({ entry, logFile, env, host = 'localhost' }) {
  const port = await freePort();
  const origin = `http://${host}:${port}`;
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      S3_ENDPOINT: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      SMTP_URL: '',
      NODE_ENV: 'test',
      // every browser of the suite comes from one address: no per-network or per-visitor quota
      ...NO_QUOTAS,
      PORT: String(port),
      PUBLIC_URL: origin,
      ...(typeof env === 'function' ? env(origin) : env),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
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
  return {
    port,
    origin,
    logFile,
    /** Resolves once /api/health/ready answers 200 (migrations done); rejects with the log's tail otherwise. */
    async healthy() {
      const until = Date.now() + 90_000;
      for (;;) {
        if (exited) throw new Error(`backend exited ${JSON.stringify(exited)}\n${tail()}`);
        const ok = await fetch(`${origin}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > until) throw new Error(`backend not healthy after 90 s\n${tail()}`);
        await sleep(300);
      }
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(5000)]);
      if (!exited) child.kill('SIGKILL');
    },
  };
}

/** A start-up failure as a failed check, with its message indented. */
export function reportStartFailure(what, err) {
  console.log(
    `  ✗ ${what}\n      ${String(err.message ?? err)
      .split('\n')
      .join('\n      ')}`,
  );
}

/**
 * Runs `playwright test` with `config` and `env` (not spawnSync: the caller may serve something
 * meanwhile) and answers its counts: a skipped test, or one not run because an earlier project
 * failed, is not a pass.
 */
export async function runPlaywright({ config, report, env }) {
  const runner = spawn('npx', ['playwright', 'test', '--config', config, ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env, E2E_REPORT: report, CHROMIUM_PATH: chromium, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  const status = await new Promise((resolve) => runner.on('exit', (code) => resolve(code ?? 1)));
  let passed = 0;
  let failed = 0;
  if (existsSync(report)) {
    const stats = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
    failed = (stats.unexpected ?? 0) + (stats.skipped ?? 0);
  }
  if (status !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

/** Named checks that print an "ok" or "FAIL" line each and count them for the script's "N passed, M failed". */
export function checks() {
  const counts = { passed: 0, failed: 0 };
  const check = async (name, fn) => {
    try {
      await fn();
      counts.passed++;
      console.log(`ok   ${name}`);
    } catch (err) {
      counts.failed++;
      console.log(`FAIL ${name}: ${err.message}`);
    }
  };
  return { counts, check };
}

export const assert = (cond, message) => {
  if (!cond) throw new Error(message);
};

/** Prints the counts, stops the API and whatever else `close` closes, keeps the data dir on failure (or E2E_KEEP), exits. */
export async function finish({ passed, failed, api, dataDir, close }) {
  console.log(`${passed} passed, ${failed} failed`);
  close?.();
  await api.stop();
  if (failed) console.log(`  backend log: ${api.logFile}`);
  else if (!process.env.E2E_KEEP) rmSync(dataDir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
