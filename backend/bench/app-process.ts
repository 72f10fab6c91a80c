import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { BenchContext } from './context.js';

export const backendDir = path.resolve(import.meta.dirname, '..');
const mainJs = path.join(backendDir, 'dist', 'main.js');

export interface ApiProcess {
  baseUrl: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts the built API (`node dist/main.js`, as production runs it) as its own process, so the
 * load generator and the server do not share an event loop. Only the given settings reach it:
 * a developer's own S3/SMTP/REDIS variables never leak into a bench run.
 */
/** All load comes from one address: no quota per network or visitor (0 = no limit), like the flood guard lifted. */
const NO_QUOTAS = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../src/config/test-settings.json'), 'utf8'),
) as Record<string, string>;

/**
 * The settings of an extra API process on the bench's own database: its own data dir, the bench's
 * admin, no web apps, warnings only. A scenario adds what it measures under.
 */
export function benchApiEnv(ctx: Pick<BenchContext, 'databaseUrl' | 'admin'>, dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: ctx.databaseUrl,
    ADMIN_USERNAME: ctx.admin.username,
    ADMIN_PASSWORD: ctx.admin.password,
    VISITOR_WEB_DIR: path.join(dataDir, 'none'),
    ADMIN_WEB_DIR: path.join(dataDir, 'none'),
  };
}

export async function startApi(env: Record<string, string>, logFile: string): Promise<ApiProcess> {
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run "npm run build -w backend" first`);
  const port = await freePort();
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) ?? []), mainJs],
    {
      cwd: backendDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...NO_QUOTAS, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    log.end();
  };

  // migrations run at start-up, so the first healthy answer means the schema is in place
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail = (await readFile(logFile, 'utf8').catch(() => '')).split('\n').slice(-30).join('\n');
      throw new Error(
        `The API exited during start-up (code ${child.exitCode ?? child.signalCode}). Log ${logFile}:\n${tail}`,
      );
    }
    try {
      const res = await fetch(`${baseUrl}/api/health/ready`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The API did not become healthy within 90 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { baseUrl, pid: child.pid!, logFile, stop };
}

/** Resident memory of a process in MB (Linux /proc), e.g. to show that a streaming export stays flat. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
  return kb / 1024;
}

/** CPU time (user + system) a process has used so far, in ms; null when it is gone or /proc is missing. */
export async function cpuMs(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state is the 3rd field, utime the 14th, stime the 15th (in USER_HZ = 100/s ticks)
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Peak resident memory since start or since the last reset (VmHWM), in MB. */
async function highWaterMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024;
}

export interface PeakRss {
  /** RSS when the watch began, in MB. */
  startMb: number;
  /** Ends the watch: the highest RSS seen since it began, in MB. */
  stop(): Promise<number>;
  /** False when the kernel's peak mark could not be reset: the peak is then sampled every 20 ms only. */
  exact: boolean;
}

/**
 * Watches a process's peak RSS from now on. Writing "5" to /proc/<pid>/clear_refs resets the
 * kernel's peak mark (VmHWM), so the peak read at the end is exact; VmRSS is sampled every 20 ms
 * besides, for kernels (or containers) that refuse the reset.
 */
export async function watchPeakRss(pid: number): Promise<PeakRss> {
  const startMb = await rssMb(pid);
  const exact = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  let sampled = startMb;
  const timer = setInterval(() => {
    void rssMb(pid).then(
      (mb) => (sampled = Math.max(sampled, mb)),
      () => {},
    );
  }, 20);
  return {
    startMb,
    exact,
    async stop() {
      clearInterval(timer);
      const last = await rssMb(pid);
      return Math.max(sampled, last, exact ? await highWaterMb(pid) : 0);
    },
  };
}
