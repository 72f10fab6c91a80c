import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuMs, startApi } from './app-process.js';
import { BenchDatabases } from './bench-db.js';
import type { BenchApp, BenchContext, StartAppOptions } from './context.js';
import { type BenchFlags, parseFlags, USAGE } from './flags.js';
import { measure, type Measurement, type MeasureSpec } from './measure.js';
import { fmtCount, renderReport, failureNote } from './report.js';
import { scenarios } from './scenarios.js';
import { seed } from './seed.js';

const log = (message: string) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** Other work on the machine skews every figure; say so next to them rather than hide it. */
function warnIfBusy(when: string): void {
  const load = os.loadavg()[0]!;
  const cpus = os.cpus().length;
  if (load > cpus / 2) {
    console.log(
      `Note: load average ${when} was ${load.toFixed(1)} on ${cpus} CPUs; other processes compete with the bench.`,
    );
  }
}

/** CPU so far of the API process and of every database backend on its database (Linux /proc). */
async function sampleCpu(app: BenchApp): Promise<{ api: number; db: Map<number, number> } | null> {
  const api = await cpuMs(app.pid);
  if (api === null) return null;
  const { rows } = await app.db.query<{ pid: number }>(
    // the API's connections only: not autovacuum workers, not this bench's own pool
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND backend_type = 'client backend'
        AND coalesce(application_name, '') NOT LIKE 'vibe-bench%'`,
  );
  const db = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = await cpuMs(pid);
    if (ms !== null) db.set(pid, ms);
  }
  return { api, db };
}

function usage(): string {
  const lines = scenarios.map((s) => `  ${s.name.padEnd(16)} ${s.description}`);
  const extra = scenarios.flatMap((s) =>
    Object.entries(s.flags ?? {}).map(([f, help]) => `  --${f.padEnd(16)}${help} (${s.name})`),
  );
  return [USAGE, '', 'Scenarios:', ...lines, ...(extra.length ? ['', 'Scenario options:', ...extra] : [])].join('\n');
}

async function main(): Promise<number> {
  let flags: BenchFlags;
  try {
    flags = parseFlags(
      process.argv.slice(2),
      process.env,
      scenarios.flatMap((s) => Object.keys(s.flags ?? {})),
    );
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage()}`);
    return 2;
  }
  if (flags.help) {
    console.log(usage());
    return 0;
  }
  const unknown = flags.only.filter((name) => !scenarios.some((s) => s.name === name));
  if (unknown.length) {
    console.error(`Unknown scenario ${unknown.join(', ')}\n\n${usage()}`);
    return 2;
  }
  const selected = flags.only.length ? scenarios.filter((s) => flags.only.includes(s.name)) : scenarios;

  const started = Date.now();
  const databases = new BenchDatabases(flags.databaseUrl);
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-'));
  const password = randomBytes(18).toString('base64url');
  const admin = {
    username: 'admin',
    password,
    authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}`,
  };
  const apps: BenchApp[] = [];
  // apps still starting or seeding: an interrupt must stop their API and drop their database too
  const starting = new Set<() => Promise<void>>();
  let failed = false;

  const cleanup = async () => {
    for (const close of starting) await close().catch(() => {});
    for (const app of [...apps].reverse())
      await app.close().catch((err) => log(`closing ${app.label}: ${(err as Error).message}`));
    if (!failed) await rm(workDir, { recursive: true, force: true });
    else log(`API logs kept in ${workDir}`);
  };
  process.once('SIGINT', () => {
    log('interrupted: stopping the APIs and dropping the bench databases');
    failed = true;
    void cleanup().finally(() => process.exit(130));
  });

  const startApp = async (options: StartAppOptions): Promise<BenchApp> => {
    const { label } = options;
    const db = await databases.create(label);
    const dataDir = path.join(workDir, label);
    await mkdir(dataDir, { recursive: true });
    log(`${label}: starting the API on database ${db.name}`);
    let api: Awaited<ReturnType<typeof startApi>> | undefined;
    const pool = new pg.Pool({ connectionString: db.url, max: 4, application_name: `vibe-bench-${label}` });
    const close = async () => {
      await api?.stop();
      await pool.end().catch(() => {});
      if (!flags.keepDb) await databases.drop(db.name);
    };
    starting.add(close);
    try {
      api = await startApi(
        {
          NODE_ENV: 'development',
          // all load comes from one IP: the per-IP flood guard would answer 429 instead of measuring
          RATE_LIMIT_PER_MINUTE: '10000000',
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          DATABASE_URL: db.url,
          ADMIN_USERNAME: admin.username,
          ADMIN_PASSWORD: admin.password,
          VISITOR_WEB_DIR: path.join(dataDir, 'no-visitor-web'),
          ADMIN_WEB_DIR: path.join(dataDir, 'no-admin-web'),
          ...options.env,
        },
        path.join(workDir, `${label}.log`),
      );
      log(`${label}: seeding ${fmtCount(options.media)} media and ${fmtCount(options.votes)} votes`);
      const info = await seed(pool, { media: options.media, votes: options.votes, log: (m) => log(`${label}: ${m}`) });
      log(
        `${label}: seeded ${info.users} users, ${info.media} media, ${info.votes} votes in ${info.seconds.toFixed(1)} s`,
      );
      let closed: Promise<void> | undefined;
      const app: BenchApp = {
        label,
        baseUrl: api.baseUrl,
        databaseUrl: db.url,
        db: pool,
        dataDir,
        pid: api.pid,
        seed: info,
        close: () =>
          (closed ??= close().finally(() => {
            if (apps.includes(app)) apps.splice(apps.indexOf(app), 1);
          })),
      };
      apps.push(app);
      return app;
    } catch (err) {
      await close().catch(() => {});
      throw err;
    } finally {
      starting.delete(close);
    }
  };

  const results = new Map<string, Measurement>();
  let main: BenchApp | undefined;
  const runMeasure = async (spec: MeasureSpec): Promise<Measurement> => {
    const full = { duration: flags.duration, connections: flags.connections, baseUrl: main!.baseUrl, ...spec };
    log(`measuring ${full.name} for ${full.duration} s`);
    const app = apps.find((a) => a.baseUrl === full.baseUrl);
    const m = await measure(full, app && (() => sampleCpu(app)));
    if (results.has(m.name)) log(`note: a measurement named "${m.name}" was taken twice; the later one is kept`);
    results.set(m.name, m);
    return m;
  };

  try {
    const pgVersion = await databases.serverVersion();
    const cpus = os.cpus();
    console.log(
      `How's my Vibe? benchmark · node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, PostgreSQL ${pgVersion}\n` +
        `main database: ${fmtCount(flags.media)} media, ${fmtCount(flags.votes)} votes · ${flags.connections} connections, ` +
        `${flags.duration} s per measurement after 1 s warm-up · scenarios: ${selected.map((s) => s.name).join(', ')}`,
    );
    warnIfBusy('before the run');
    main = await startApp({ label: 'main', media: flags.media, votes: flags.votes });
    const health = await runMeasure({ name: 'GET /api/health/ready', path: '/api/health/ready' });
    const ctx: BenchContext = {
      baseUrl: main.baseUrl,
      app: main,
      db: main.db,
      databaseUrl: main.databaseUrl,
      seed: main.seed,
      flags,
      admin,
      health,
      results,
      measure: runMeasure,
      startApp,
      report: (rows, title) => console.log(renderReport(rows, health, title)),
      log,
    };
    for (const scenario of selected) {
      log(`scenario ${scenario.name}`);
      try {
        await scenario.run(ctx);
      } catch (err) {
        failed = true;
        console.error(`\nScenario ${scenario.name} failed: ${(err as Error).stack ?? String(err)}`);
      }
    }
  } catch (err) {
    failed = true;
    console.error(`\nBenchmark failed: ${(err as Error).stack ?? String(err)}`);
  } finally {
    // a route that answered errors measured the wrong thing: say so and fail the run, whatever the timings
    const broken = [...results.values()].filter((m) => m.failures > 0);
    if (broken.length) {
      failed = true;
      console.log(`\nFailed requests (these figures do not measure the intended path):`);
      for (const m of broken) console.log(`  ${m.name}: ${m.failures} of ${m.requests} (${failureNote(m)})`);
    }
    warnIfBusy('after the run');
    if (flags.keepDb) console.log(`\nKept databases: ${databases.names.join(', ')}`);
    await cleanup();
    log(`done in ${Math.round((Date.now() - started) / 1000)} s`);
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
