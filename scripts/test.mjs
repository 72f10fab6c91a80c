#!/usr/bin/env node
// The README's test command. Runs every suite this machine can run and names what it could not:
//   1. backend on PGlite (embedded mode)        – needs only Node; with PostgreSQL there, only the
//      files that differ by database adapter (backend/test/database-passes.ts)
//   2. backend on PostgreSQL (DATABASE_URL)      – needs PostgreSQL; every file
//      (tests that need Redis run in both passes when Redis answers)
//   3. visitor-web and admin-web unit tests      – need only Node
//   4. build, visitor bundle budget, production build whatever NODE_ENV says – needs only Node
//   5. the services deployment on loopback       – needs nginx, PostgreSQL and Redis
//      (scripts/services-topology.mjs: docker-compose.yml's wiring, checked through nginx)
//   6. end-to-end in Chromium (visitor, admin, the ad sandbox) – needs /usr/bin/chromium
// With CI=true a missing service or any skipped test fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const reachable = (url) =>
  new Promise((resolve) => {
    const u = new URL(url);
    const socket = net.connect({
      host: u.hostname,
      port: Number(u.port) || (u.protocol.startsWith('redis') ? 6379 : 5432),
    });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });

const totals = { passed: 0, failed: 0, skipped: 0 };
const notRun = [];
// repeated in the summary so the last lines of a long CI log say what failed and where
const suiteLines = [];
const failures = [];
let failedSuites = 0;

/** Runs vitest with a JSON report so skipped tests are counted, not just printed. */
function vitest(label, cwd, env) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vibe-report-'));
  const report = path.join(dir, 'report.json');
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    },
  );
  let counts = { passed: 0, failed: 0, skipped: 0 };
  let slowest = '';
  if (existsSync(report)) {
    const j = JSON.parse(readFileSync(report, 'utf8'));
    counts = { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + j.numTodoTests };
    for (const file of j.testResults ?? []) {
      const rel = path.relative(root, file.name);
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed')
          failures.push(`${label}: ${rel} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push(`${label}: ${rel} — ${firstLine(file.message)}`);
    }
    // the files a faster run has to start with (vitest's JSON gives first test start to last test end:
    // a file's beforeAll before its first test is not in it; the default reporter's per-file figure is)
    slowest = (j.testResults ?? [])
      .map((f) => ({ rel: path.relative(cwd, f.name), ms: (f.endTime ?? 0) - (f.startTime ?? 0) }))
      .sort((x, y) => y.ms - x.ms)
      .slice(0, 5)
      .map((f) => `${f.rel} ${Math.round(f.ms / 1000)} s`)
      .join(', ');
  }
  rmSync(dir, { recursive: true, force: true });
  if (r.status !== 0 && counts.failed === 0) counts.failed = 1; // a crash or a failed suite with no test counted
  if (r.status !== 0) failedSuites++;
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const line = `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${elapsed(started)})`;
  suiteLines.push(line);
  if (slowest) suiteLines.push(`  slowest files (their tests): ${slowest}`);
  console.log(`--- ${line}`);
}

/** Wall time of a suite, for its summary line: where a slow run spends its minutes. */
const elapsed = (since) => {
  const s = Math.round((performance.now() - since) / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s` : `${s} s`;
};
const runStarted = performance.now();

const firstLine = (text) => (text ?? 'no message').split('\n').find((l) => l.trim()) ?? 'no message';

/** Runs a script suite that ends with its own `N passed, M failed` line; counts its checks. */
function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = r.stdout?.toString() ?? '';
  process.stdout.write(out);
  const counted = [...out.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  const passed = counted ? Number(counted[1]) : r.status === 0 ? 1 : 0;
  let failed = counted ? Number(counted[2]) : 0;
  if (r.status !== 0) {
    failedSuites++;
    failed = Math.max(failed, 1);
  }
  totals.passed += passed;
  totals.failed += failed;
  suiteLines.push(
    `${label}: ${passed} passed, ${failed} failed${r.status === 0 ? '' : ` (exit ${r.status})`} (${elapsed(started)})`,
  );
  // Playwright marks a failed test with ✘, our script suites print "not ok" or "FAIL"
  for (const l of out.split('\n')) if (/^\s*(✘|not ok\b|FAIL\b)/.test(l)) failures.push(`${label}: ${l.trim()}`);
  failures.push(...playwrightReasons(out).map((r) => `${label}: ${r}`));
  console.log(`--- ${label}: ${r.status === 0 ? 'ok' : 'FAILED'}`);
  return r.status === 0;
}

/**
 * Why each Playwright test failed, from the list reporter's numbered blocks ("  1) [phone] › …"):
 * the block's first Error line and the first lines of its diff, so the summary (often all a CI
 * log keeps) says what broke, not only which test.
 */
function playwrightReasons(out) {
  const reasons = [];
  for (const block of out.split(/^\s+\d+\) (?=\[)/m).slice(1)) {
    const lines = block.split('\n');
    const title = lines[0].replace(/\s*─+\s*$/, '').trim();
    const error = lines.find((l) => /^\s*Error:/.test(l))?.trim() ?? '(no Error line)';
    const diff = lines
      .filter((l) => /^\s*[-+] /.test(l))
      .slice(0, 8)
      .map((l) => l.trim());
    reasons.push(`${title} — ${[error, ...diff].join(' | ').slice(0, 600)}`);
  }
  return reasons;
}

/** The build is a step, not a test: it fails the run but adds no count. Always for production, as npm start builds. */
function build() {
  console.log('\n=== build (visitor app, admin portal, API) ===');
  const started = performance.now();
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  suiteLines.push(`build (no count): ${r.status === 0 ? 'ok' : 'FAILED'} (${elapsed(started)})`);
  if (r.status !== 0) {
    failedSuites++;
    totals.failed++;
    failures.push('build: npm run build failed');
  }
  return r.status === 0;
}

const havePg = await reachable(pgUrl);
const haveRedis = await reachable(redisUrl);
const haveChromium = existsSync(chromium);
const redisEnv = haveRedis ? { TEST_REDIS_URL: redisUrl } : {};
if (!haveRedis) notRun.push(`tests that need Redis (nothing answers at ${redisUrl})`);

const backend = path.join(root, 'backend');
const base = { DATABASE_URL: '', REDIS_URL: '', S3_BUCKET: '', SMTP_URL: '', NODE_ENV: 'test', VIBE_TEST_PASS: '' };
// Every backend file runs on PostgreSQL; on PGlite only the files whose behaviour differs by database
// adapter (backend/test/database-passes.ts, docs/TESTING.md). Without PostgreSQL, PGlite runs them all.
if (havePg) {
  vitest('backend on PGlite (adapter-specific files)', backend, {
    ...base,
    ...redisEnv,
    VIBE_TEST_PASS: 'adapter-specific',
  });
  vitest('backend on PostgreSQL', backend, { ...base, ...redisEnv, DATABASE_URL: pgUrl });
} else {
  vitest('backend on PGlite (every file)', backend, { ...base, ...redisEnv });
  notRun.push(`backend suite on PostgreSQL (nothing answers at ${pgUrl})`);
}

vitest('visitor-web unit tests', path.join(root, 'visitor-web'), {});
vitest('admin-web unit tests', path.join(root, 'admin-web'), {});

const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
// CI runs the topology whatever is missing, so a missing service fails it instead of skipping it
const topology = ci || (nginxBin && havePg && haveRedis);
// size budgets live here, not in the build npm start runs
if (build()) {
  run('visitor bundle size budget', 'node', ['visitor-web/scripts/size.mjs']);
  run('production build whatever NODE_ENV says', 'node', ['scripts/production-build.e2e.mjs']);
  if (topology)
    run('services deployment on loopback (compose wiring through nginx)', 'node', ['scripts/services-topology.mjs'], {
      TEST_DATABASE_URL: pgUrl,
      TEST_REDIS_URL: redisUrl,
    });
  if (haveChromium) {
    const browser = { CHROMIUM_PATH: chromium };
    run('end-to-end in Chromium', 'node', ['visitor-web/e2e/run.mjs'], browser);
    run('admin portal end-to-end in Chromium', 'node', ['admin-web/e2e/run.mjs'], browser);
    run('ad sandbox in Chromium', 'node', ['scripts/ad-sandbox.e2e.mjs'], browser);
    run('Lighthouse (mobile) and installability in Chromium', 'node', ['scripts/lighthouse.e2e.mjs'], browser);
  }
}
if (!topology)
  notRun.push(
    `services deployment check (needs nginx, PostgreSQL and Redis: ${[!nginxBin && 'no nginx', !havePg && 'no PostgreSQL', !haveRedis && 'no Redis'].filter(Boolean).join(', ')})`,
  );
if (!haveChromium) notRun.push(`end-to-end browser tests (no Chromium at ${chromium}; apt-get install chromium)`);

console.log('\n=== summary ===');
for (const line of suiteLines) console.log(line);
for (const f of failures.slice(0, 30)) console.log(`FAILED: ${f}`);
for (const what of notRun) console.log(`NOT RUN: ${what}`);
if (totals.skipped) console.log(`SKIPPED: ${totals.skipped} test(s) were skipped`);
console.log(`total time: ${elapsed(runStarted)}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
const incomplete = notRun.length > 0 || totals.skipped > 0;
if (ci && incomplete) console.log('CI requires every suite to run: failing because something was not run or skipped.');
process.exit(failedSuites > 0 || totals.failed > 0 || (ci && incomplete) ? 1 : 0);
