import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { jsonLogLines } from './log-lines.js';

const backendDir = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything the process wrote (stdout and stderr). */
  log(): Promise<string>;
  /** stdout and stderr as parsed JSON lines; a line that is not JSON fails the parse loudly. */
  lines(): Promise<Array<Record<string, unknown>>>;
  exited: Promise<number | null>;
  terminate(): Promise<number | null>;
  kill(): Promise<void>;
}

/**
 * `node <build>/main.js` as production runs it, on its own port, with only the given settings:
 * what it logs is read back from its output, as an operator's log collector would.
 */
export function spawnApi(
  buildDir: string,
  env: Record<string, string | undefined>,
  logFile: string,
  port: number,
): ApiProcess {
  const out = createWriteStream(logFile, { flags: 'a' });
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const child = spawn(process.execPath, [path.join(buildDir, 'main.js')], {
    cwd: backendDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LISTEN_ADDRESS: '127.0.0.1',
      PORT: String(port),
      // as in-process test apps (test-settings.json): no database backup at start, which would add
      // its own job, metrics and log lines to what these tests count (a test may turn it on)
      BACKUP_EVERY_HOURS: '0',
      // nor the upgrade's renditions job: tests that want it start it themselves
      RENDITIONS_UPGRADE_AT_START: 'false',
      ...clean,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(out, { end: false });
  child.stderr!.pipe(out, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    log,
    async lines() {
      return jsonLogLines(await log());
    },
    exited,
    async terminate() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Waits until `GET path` answers 200 (the API has migrated and listens), or the process exits. */
export async function untilAnswers(api: ApiProcess, urlPath = '/api/health/live', timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (api.child.exitCode !== null) throw new Error(`the API exited (${api.child.exitCode}):\n${await api.log()}`);
    try {
      if ((await fetch(`${api.baseUrl}${urlPath}`)).ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`the API did not answer ${urlPath}:\n${(await api.log()).slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
