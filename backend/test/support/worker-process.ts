import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync, type WriteStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { jsonLogLines } from './log-lines.js';

const backendDir = path.resolve(import.meta.dirname, '..', '..');

/** REDIS_URL for tests; absent means the Redis suites are reported as not run. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

/** A queue prefix of its own per test file run, so parallel runs never share jobs. */
export const uniquePrefix = (what: string) =>
  `vibe-test-${what}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

/** Deletes every Redis key under a queue prefix. */
export async function dropQueues(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Compiles the backend (tsc and the SQL files, as production builds it) into a folder under
 * node_modules/.cache named for a hash of what goes into it, so `node <dir>/worker.js` finds the
 * packages and never touches dist/. One compile per source state, not one per test file and pass
 * (tsc is ~40 s of CPU): the other files, the PostgreSQL pass and the next run reuse the folder;
 * a changed source gets a new one. Two files compiling the same state at once both build, the
 * first rename wins. `remove()` is kept for the callers and leaves the shared build in place.
 */
export async function buildBackend(): Promise<{ dir: string; remove(): Promise<void> }> {
  const cache = path.join(backendDir, 'node_modules', '.cache');
  const dir = path.join(cache, `vibe-test-build-${sourceHash()}`);
  if (!existsSync(path.join(dir, 'worker.js'))) {
    const tmp = `${dir}.${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    compile(tmp);
    try {
      await rename(tmp, dir);
    } catch {
      // another file's build of the same sources landed first
      await rm(tmp, { recursive: true, force: true });
    }
    await pruneOldBuilds(cache, dir);
  }
  return { dir, remove: async () => undefined };
}

function compile(dir: string): void {
  // type errors elsewhere in a work-in-progress tree still emit JavaScript; only a missing file matters
  const r = spawnSync(
    process.execPath,
    [
      path.join(backendDir, '..', 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      dir,
      '--sourceMap',
      'false',
    ],
    {
      cwd: backendDir,
      encoding: 'utf8',
    },
  );
  if (!existsSync(path.join(dir, 'worker.js'))) throw new Error(`Build failed:\n${r.stdout}\n${r.stderr}`);
  // the database's SQL files, beside the compiled migrations as in dist/
  const sql = spawnSync(process.execPath, ['scripts/copy-sql.mjs', dir], { cwd: backendDir, encoding: 'utf8' });
  if (sql.status !== 0) throw new Error(`Copying the SQL files failed:\n${sql.stdout}\n${sql.stderr}`);
}

/** What the compiled output depends on: every file under src/ and the tsconfig files. */
function sourceHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(path.join(backendDir, 'src'), { recursive: true, encoding: 'utf8' }).map((f) => path.join('src', f)),
    'tsconfig.build.json',
    'tsconfig.json',
    path.join('..', 'tsconfig.json'),
  ].sort();
  for (const rel of files) {
    const file = path.join(backendDir, rel);
    if (!statSync(file).isFile()) continue;
    hash.update(rel).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** Builds of other sources made over an hour ago (a run in progress may still use a recent one). */
async function pruneOldBuilds(cache: string, keep: string): Promise<void> {
  for (const name of await readdir(cache).catch(() => [] as string[])) {
    const dir = path.join(cache, name);
    if (!name.startsWith('vibe-test-build-') || dir === keep) continue;
    const age = Date.now() - (await stat(dir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > 3_600_000) await rm(dir, { recursive: true, force: true });
  }
}

export interface WorkerProcess {
  child: ChildProcess;
  logFile: string;
  /** SIGKILL: no shutdown hook runs, as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM and wait for a clean exit; answers the exit code. */
  terminate(): Promise<number | null>;
  log(): Promise<string>;
  /** The output as JSON log lines (a line that is not JSON fails). */
  lines(): Promise<Array<Record<string, unknown>>>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Starts `node worker.js` from a build with only the given settings (nothing leaks from the developer's env). */
export function startWorker(buildDir: string, env: Record<string, string | undefined>, logFile: string): WorkerProcess {
  const out: WriteStream = createWriteStream(logFile, { flags: 'a' });
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const child = spawn(process.execPath, [path.join(buildDir, 'worker.js')], {
    cwd: backendDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // as in-process test apps (test-settings.json): no database backup at start (see spawnApi)
      BACKUP_EVERY_HOURS: '0',
      RENDITIONS_UPGRADE_AT_START: 'false',
      ...clean,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  return {
    child,
    logFile,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async terminate() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited(child);
      clearTimeout(timer);
      return child.exitCode;
    },
    log,
    lines: async () => jsonLogLines(await log()),
  };
}
