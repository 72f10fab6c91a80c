import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
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
 * Compiles the backend (tsc and the SQL files, as production builds it) into a folder of its own under
 * node_modules/.cache, so `node <dir>/worker.js` finds the packages and never touches dist/.
 */
export async function buildBackend(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = path.join(
    backendDir,
    'node_modules',
    '.cache',
    `vibe-worker-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
  );
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
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
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
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'warn', ...clean },
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
