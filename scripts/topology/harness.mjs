// Processes, ports and checks for the topology script: children are started with exactly the
// environment given (nothing leaks from the caller's), logged to files, and always stopped.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A port free on every given loopback address (replicas share one port on different addresses). */
export async function freePort(hosts = ['127.0.0.1']) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await new Promise((resolve, reject) => {
      const s = net.createServer().listen(0, hosts[0], () => {
        const { port: p } = s.address();
        s.close(() => resolve(p));
      });
      s.on('error', reject);
    });
    const free = await Promise.all(
      hosts.slice(1).map(
        (host) =>
          new Promise((resolve) => {
            const s = net.createServer().listen(port, host, () => s.close(() => resolve(true)));
            s.on('error', () => resolve(false));
          }),
      ),
    );
    if (free.every(Boolean)) return port;
  }
  throw new Error(`no port free on ${hosts.join(', ')}`);
}

export function createProcesses(workDir) {
  const all = new Set();

  /** Starts `command` with only `env` (plus PATH and HOME); stdout and stderr go to <name>.log. */
  function start(name, command, env, cwd) {
    const logFile = path.join(workDir, `${name}.log`);
    const fd = openSync(logFile, 'a');
    const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...clean },
      stdio: ['ignore', fd, fd],
    });
    closeSync(fd);
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const proc = {
      name,
      child,
      logFile,
      exited,
      get running() {
        return child.exitCode === null && child.signalCode === null;
      },
      log: () => {
        try {
          return readFileSync(logFile, 'utf8');
        } catch {
          return '';
        }
      },
      /** Sends the signal and waits for the exit; SIGKILL after `graceMs` if it hangs (reported as a hang). */
      async stop(signal = 'SIGTERM', graceMs = 60_000) {
        if (!proc.running) return { ...(await exited), hung: false };
        child.kill(signal);
        let hung = false;
        const timer = setTimeout(() => {
          hung = true;
          child.kill('SIGKILL');
        }, graceMs);
        const result = await exited;
        clearTimeout(timer);
        return { ...result, hung };
      },
    };
    all.add(proc);
    exited.then(() => all.delete(proc));
    return proc;
  }

  return {
    start,
    async stopAll() {
      // TERM first: a SIGKILLed nginx master leaves its workers running, holding their ports
      await Promise.all([...all].map((p) => p.stop('SIGTERM', 5_000)));
    },
  };
}

/** Polls `probe` until it answers something truthy; throws with `what` after `timeoutMs`. */
export async function eventually(probe, what, timeoutMs = 60_000, everyMs = 200) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${last.message})` : ''}`);
    await sleep(everyMs);
  }
}

/** Named checks, each timed; a failing check is reported and the run goes on. */
export function createChecks() {
  const results = [];
  return {
    results,
    async check(name, fn) {
      const started = Date.now();
      try {
        await fn();
        results.push({ name, ok: true, ms: Date.now() - started });
        console.log(`ok   ${name} (${Date.now() - started} ms)`);
      } catch (err) {
        results.push({ name, ok: false, ms: Date.now() - started, error: err.message });
        console.log(`FAIL ${name} (${Date.now() - started} ms): ${err.message}`);
      }
    },
  };
}

export function expect(cond, message) {
  if (!cond) throw new Error(message);
}
