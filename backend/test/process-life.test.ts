import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { loadConfig } from '../src/config/env.js';
import { dataSourceOptions } from '../src/platform/database/data-source-options.js';
import { processesWith } from '../bench/processes.js';
import { workRootOf } from '../src/modules/media/work-dir.js';
import { freePort } from './support/api-process.js';
import { repeatedSkipFrameMp4 } from './fixtures/media-bombs.js';
import { jsonLogLines } from './support/log-lines.js';
import { createTestDatabase, dbKind } from './support/test-app.js';
import { buildBackend, startWorker } from './support/worker-process.js';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const FOREGROUND = path.join(repoRoot, 'scripts', 'run-in-foreground.mjs');
const FUTURE_MIGRATION = 'RenditionsV21899999999999';

interface PackageJson {
  scripts: Record<string, string>;
}

interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
  lines(): Promise<Array<Record<string, unknown>>>;
  log(): Promise<string>;
}

/** The JSON lines of an output that may hold npm's own lines too. */
const jsonLines = (text: string) =>
  jsonLogLines(
    text
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .join('\n'),
  );

function spawnLogged(
  args: string[],
  env: Record<string, string | undefined>,
  logFile: string,
  command = process.execPath,
): Proc {
  const out = createWriteStream(logFile, { flags: 'a' });
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...clean },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  return { child, exited, log, lines: async () => jsonLines(await log()) };
}

/** Resolves with the first log line `match` accepts; fails when the process exits first. */
async function lineOf(p: Proc, match: (l: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const found = (await p.lines()).find(match);
    if (found) return found;
    if (p.child.exitCode !== null) throw new Error(`exited (${p.child.exitCode}) before the line:\n${await p.log()}`);
    if (Date.now() > deadline) throw new Error(`no such line:\n${await p.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls (every 50 ms) until `check` holds; fails after `ms`. */
async function until(what: string, check: () => boolean, ms = 120_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 50)))
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Every table's rows and every function's text, as one fingerprint per object: "nothing written" compares these. */
async function fingerprint(ds: DataSource): Promise<Record<string, string>> {
  const tables = (await ds.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)) as {
    tablename: string;
  }[];
  const out: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = (await ds.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${tablename}" t`,
    )) as { n: number; h: string }[];
    out[tablename] = `${row!.n}:${row!.h}`;
  }
  const [fns] = (await ds.query(
    `SELECT md5(string_agg(p.proname || p.prosrc, '|' ORDER BY p.proname, p.prosrc)) AS h
       FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`,
  )) as { h: string }[];
  out['(functions)'] = fns!.h;
  return out;
}

/**
 * The processes' life as an operator sees it: `npm start` (its foreground wrapper,
 * scripts/run-in-foreground.mjs, as scripts/start.mjs runs it) stopped by SIGTERM stops the
 * server and leaves nothing running; the API and the worker say when they start stopping and
 * when they have stopped; and a release refuses a database a newer release migrated, before it
 * writes anything. The steps share one database (the first start migrates it).
 */
describe(`process life (${dbKind})`, () => {
  let build: Awaited<ReturnType<typeof buildBackend>>;
  let dir: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let env: Record<string, string | undefined>;
  const started: Proc[] = [];
  /** Servers a failing wrapper may have left behind. */
  const serverPids: number[] = [];

  beforeAll(async () => {
    [build, dir, database] = await Promise.all([
      buildBackend(),
      mkdtemp(path.join(os.tmpdir(), 'vibe-process-life-')),
      dbKind === 'postgres' ? createTestDatabase('vibe_life') : undefined,
    ]);
    env = {
      DATA_DIR: dir,
      DATABASE_URL: database?.url,
      ADMIN_PASSWORD: 'life-admin-password',
      EMBEDDED_DB_FSYNC: 'false',
      LOG_LEVEL: 'info',
      LISTEN_ADDRESS: '127.0.0.1',
      VISITOR_WEB_DIR: path.join(dir, 'none'),
      ADMIN_WEB_DIR: path.join(dir, 'none'),
    };
  });
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    for (const pid of serverPids.filter(alive)) process.kill(pid, 'SIGKILL');
    await build?.remove();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it('npm start stopped by SIGTERM: the server stops cleanly, says so, and no process is left', async () => {
    // package.json's own start script, run by npm as `npm start` runs it, with the build step left
    // out: scripts/start.mjs ends in run-in-foreground.mjs on backend/dist/main.js, here on this build
    const script = (JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8')) as PackageJson).scripts
      .start;
    expect(script).toMatch(/exec node scripts\/start\.mjs$/);
    const command = script.replace('scripts/start.mjs', `${FOREGROUND} ${path.join(build.dir, 'main.js')}`);
    const port = await freePort();
    const p = spawnLogged(
      ['exec', '--offline', '-c', command],
      { ...env, PORT: String(port) },
      path.join(dir, 'start.log'),
      'npm',
    );
    started.push(p);
    const listening = await lineOf(p, (l) => l.lifecycle === 'started');
    const serverPid = listening.pid as number;
    serverPids.push(serverPid);
    expect(serverPid).not.toBe(p.child.pid);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(alive(serverPid)).toBe(false);
    const lines = (await p.lines()).filter((l) => l.lifecycle);
    expect(lines.map((l) => [l.lifecycle, l.msg])).toEqual([
      ['started', expect.stringMatching(/is listening on/)],
      ['stopping', 'API stopping (SIGTERM)'],
      ['stopped', 'API stopped'],
    ]);
  });

  // the worker needs PostgreSQL (PGlite is the API's own)
  if (dbKind === 'postgres')
    it('the worker says when it starts stopping and when it has stopped', async () => {
      const w = startWorker(build.dir, { ...env }, path.join(dir, 'worker.log'));
      const p: Proc = { child: w.child, exited: Promise.resolve(null), lines: w.lines, log: w.log };
      started.push(p);
      await lineOf(p, (l) => l.lifecycle === 'started');
      expect(await w.terminate()).toBe(0);
      const lines = (await w.lines()).filter((l) => l.lifecycle);
      expect(lines.map((l) => [l.lifecycle, l.msg])).toEqual([
        ['started', 'Worker running jobs (database queue)'],
        ['stopping', 'worker stopping (SIGTERM)'],
        ['stopped', 'worker stopped'],
      ]);
    });

  it('kill -9 of the API mid-transcode: its ffmpeg dies with it, and the next start clears its work folder', async () => {
    // a data dir of its own: PGlite is not opened again after a kill here (data-dir-lock's subject)
    const dataDir = path.join(dir, 'killed');
    const port = await freePort();
    const apiEnv = { ...env, DATA_DIR: dataDir, PORT: String(port), BACKUP_EVERY_HOURS: '0' };
    const api = spawnLogged([path.join(build.dir, 'main.js')], apiEnv, path.join(dir, 'killed-api.log'));
    started.push(api);
    await lineOf(api, (l) => l.lifecycle === 'started');
    const base = `http://127.0.0.1:${port}`;
    const session = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: 'killmidtranscode'.padEnd(32, '0') }),
    });
    const { id } = (await session.json()) as { id: number };
    const cookie = String(session.headers.get('set-cookie')).split(';')[0]!;
    const form = new FormData();
    // 20 s of 4K: minutes of transcoding on a shared core, so it is surely running at the kill
    form.append(
      'file',
      new Blob([new Uint8Array(repeatedSkipFrameMp4({ width: 3840, height: 2160, fps: 30, frames: 600 }))]),
      'clip.mp4',
    );
    form.append('userId', String(id));
    expect((await fetch(`${base}/api/media/upload`, { method: 'POST', body: form, headers: { cookie } })).status).toBe(
      201,
    );
    await until('ffmpeg to transcode', () => processesWith(dataDir).some((p) => /ffmpeg .*-i /.test(p.cmd)));
    const workRoot = workRootOf(dataDir);
    const folders = (await readdir(workRoot)).filter((n) => n.startsWith('renditions-'));
    expect(folders.length).toBe(1);

    api.child.kill('SIGKILL');
    await api.exited;
    // the kernel's parent-death signal (setpriv --pdeathsig): nothing of the API's is left running
    await until('its tools to die with it', () => processesWith(dataDir).length === 0, 10_000);
    // what the dead process left on disk goes at the next start (the start-up reaper)
    expect(await readdir(workRoot)).toEqual(expect.arrayContaining(folders));
    const next = spawnLogged(
      [path.join(build.dir, 'main.js')],
      { ...apiEnv, PORT: String(await freePort()) },
      path.join(dir, 'next-api.log'),
    );
    started.push(next);
    await lineOf(next, (l) => l.lifecycle === 'started');
    expect((await readdir(workRoot)).filter((n) => folders.includes(n))).toEqual([]);
    next.child.kill('SIGTERM');
    await next.exited;
  }, 300_000);

  it('a database migrated by a newer release: refused, non-zero exit, both versions and the way back named, nothing written', async () => {
    const ds = new DataSource(dataSourceOptions(loadConfig(env)) as DataSourceOptions);
    await ds.initialize();
    await ds.query(`INSERT INTO migrations (timestamp, name) VALUES ($1, $2)`, [1899999999999, FUTURE_MIGRATION]);
    await ds.query(`INSERT INTO schema_releases (version, commit, newest_migration) VALUES ('9.9.0', 'f00d', $1)`, [
      FUTURE_MIGRATION,
    ]);
    const before = await fingerprint(ds);
    await ds.destroy();

    const refused = async (args: string[], name: string) => {
      const p = spawnLogged(args, { ...env, PORT: String(await freePort()) }, path.join(dir, name));
      started.push(p);
      const code = await p.exited;
      return { code, log: await p.log(), lines: await p.lines() };
    };
    const runs = [await refused([FOREGROUND, path.join(build.dir, 'main.js')], 'refused-api.log')];
    if (dbKind === 'postgres') runs.push(await refused([path.join(build.dir, 'worker.js')], 'refused-worker.log'));
    for (const run of runs) {
      expect(run.code).not.toBe(0);
      const refusal = run.lines.find((l) => /Refusing to start/.test(String(l.msg ?? '')));
      expect(refusal, run.log).toBeDefined();
      const msg = String(refusal!.msg);
      expect(msg).toContain(`The database is at migration ${FUTURE_MIGRATION} (2030-03-17), migrated by release 9.9.0`);
      expect(msg).toMatch(
        /this release, \d+\.\d+\.\d+ \(commit \w+\), knows migrations up to [A-Za-z]+\d{13} and not that one\./,
      );
      expect(msg).toContain('restore the backup taken before the upgrade (scripts/restore');
      // no retries, no stack of TypeORM's: one clear line
      expect(run.log).not.toMatch(/Retrying/);
    }

    const again = new DataSource(dataSourceOptions(loadConfig(env)) as DataSourceOptions);
    await again.initialize();
    expect(await fingerprint(again)).toEqual(before);
    await again.destroy();
  });
});
