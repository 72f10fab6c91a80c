import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A command-line tool (ffmpeg) is not installed where this process runs. */
export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} is not installed (set FFMPEG_PATH / FFPROBE_PATH, or install ffmpeg)`);
    this.name = 'ToolMissingError';
  }
}

/** The tool ran and failed: `stderr` holds the end of what it said. */
export class ToolFailedError extends Error {
  constructor(
    readonly tool: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    /** it was stopped: its wall time ran out, its item went, or the kernel ended it at its CPU limit */
    readonly stopped: 'timeout' | 'aborted' | 'cpu-limit' | null = null,
  ) {
    super(
      `${tool} ${stopped === 'timeout' || stopped === 'cpu-limit' ? 'ran out of time' : 'failed'} (${exitCode === null ? 'killed' : `exit ${exitCode}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
    );
    this.name = 'ToolFailedError';
  }
}

/** What one run of a tool may take (issue 26 item 4). */
export interface ToolLimits {
  /** wall time; then its whole process group is killed */
  timeoutMs: number;
  /** RLIMIT_CPU (soft; hard one second later): the floor that holds even when this process is gone */
  cpuSeconds?: number;
  /** RLIMIT_AS, in MB */
  memoryMb?: number;
  /** folder of pid files for the start-up reaper (reapOrphanTools) */
  pidDir?: string;
}

/** Below normal priority: a transcode must not slow down the requests beside it. */
const BACKGROUND_PRIORITY = 10;
const STDERR_KEEP = 8 * 1024;
/** What `nice`, `prlimit` and `setpriv` answer when the program they should start is not there. */
const COMMAND_NOT_FOUND = 127;

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

let wrappers: { setpriv: string | null; prlimit: string | null; nice: string | null } | undefined;

/**
 * The tool behind util-linux's wrappers, each of which execs the next (same pid): `setpriv
 * --pdeathsig KILL` (killed by the kernel the moment this process dies, even by kill -9), `prlimit`
 * (CPU seconds, address space) and `nice`. A system without them (macOS development) runs the
 * tool bare, with only the wall timeout.
 */
export function sandboxed(command: string, args: readonly string[], limits: ToolLimits): [string, string[]] {
  wrappers ??= { setpriv: onPath('setpriv'), prlimit: onPath('prlimit'), nice: onPath('nice') };
  const prefix: string[] = [];
  if (wrappers.setpriv) prefix.push(wrappers.setpriv, '--pdeathsig', 'KILL', '--');
  if (wrappers.prlimit && (limits.cpuSeconds || limits.memoryMb)) {
    prefix.push(wrappers.prlimit);
    if (limits.cpuSeconds) {
      const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
      prefix.push(`--cpu=${cpu}:${cpu + 1}`);
    }
    if (limits.memoryMb) prefix.push(`--as=${limits.memoryMb * 1024 * 1024}`);
    prefix.push('--');
  }
  if (wrappers.nice) prefix.push(wrappers.nice, '-n', String(BACKGROUND_PRIORITY));
  if (!prefix.length) return [command, [...args]];
  return [prefix[0]!, [...prefix.slice(1), command, ...args]];
}

/** Tools running now, by pid, with what stops each: all stopped together at shutdown. */
const running = new Map<number, () => void>();

const killGroup = (pid: number) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/** Kills every tool this process started that still runs (shutdown). */
export function killAllTools(): void {
  for (const stop of running.values()) stop();
}

const pidFileName = (pid: number) => `${os.hostname()}-${process.pid}-${pid}`;

/**
 * Runs a tool to completion and answers its stdout. It runs in its own process group under the
 * limits above; the group is killed when `timeoutMs` passes, `signal` aborts, or killAllTools is
 * called. stderr is kept to its last few KB for the error.
 */
export function runTool(
  command: string,
  args: readonly string[],
  { signal, ...limits }: ToolLimits & { signal?: AbortSignal },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ToolFailedError(command, null, '', 'aborted'));
    const [program, argv] = sandboxed(command, args, limits);
    // detached: a process group of its own, so a kill takes whatever the tool started too
    const child = spawn(program, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out: Buffer[] = [];
    let err = '';
    let stopped: 'timeout' | 'aborted' | 'cpu-limit' | null = null;
    let pidFile: string | null = null;
    const stop = (why: 'timeout' | 'aborted') => () => {
      stopped ??= why;
      if (child.pid) killGroup(child.pid);
    };
    const onAbort = stop('aborted');
    const timer = setTimeout(stop('timeout'), limits.timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('spawn', () => {
      if (!child.pid) return;
      running.set(child.pid, onAbort);
      if (limits.pidDir) {
        try {
          mkdirSync(limits.pidDir, { recursive: true });
          pidFile = path.join(limits.pidDir, pidFileName(child.pid));
          writeFileSync(pidFile, command);
        } catch {
          pidFile = null; // the kernel's parent-death signal still holds
        }
      }
      if (!wrappers?.nice) {
        try {
          os.setPriority(child.pid, BACKGROUND_PRIORITY);
        } catch {
          // not allowed here (a container without the capability): run at normal priority
        }
      }
    });
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-STDERR_KEEP);
    });
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (child.pid) running.delete(child.pid);
      if (pidFile) rmSync(pidFile, { force: true });
    };
    child.once('error', (e: NodeJS.ErrnoException) => {
      settle();
      reject(e.code === 'ENOENT' ? new ToolMissingError(command) : e);
    });
    child.once('close', (code, signalName) => {
      settle();
      // RLIMIT_CPU: SIGXCPU at the soft limit, SIGKILL at the hard one when the tool ignored it
      if (!stopped && (signalName === 'SIGXCPU' || (signalName === 'SIGKILL' && limits.cpuSeconds)))
        stopped = 'cpu-limit';
      if (code === 0 && !stopped) resolve(Buffer.concat(out));
      else if (code === COMMAND_NOT_FOUND && program !== command && /No such file|not found/i.test(err))
        reject(new ToolMissingError(command));
      else reject(new ToolFailedError(command, code, err, stopped));
    });
  });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process group a pid leads, read from /proc (null: gone, or not Linux). */
function groupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

/**
 * At start-up: kills the tools a previous life of a process on this host left running (its pid
 * files name it, and it is dead, or it is this very pid reused after a restart), and forgets
 * their pid files. The other half of the kernel's parent-death signal; RLIMIT_CPU is the floor.
 * Answers how many were killed.
 */
export function reapOrphanTools(pidDir: string): number {
  let names: string[];
  try {
    names = readdirSync(pidDir);
  } catch {
    return 0;
  }
  let killed = 0;
  for (const name of names) {
    const m = /^(.+)-(\d+)-(\d+)$/.exec(name);
    if (!m || m[1] !== os.hostname()) continue;
    const owner = Number(m[2]);
    const pid = Number(m[3]);
    if (owner !== process.pid && alive(owner)) continue;
    // only a group leader with that pid is ours: a reused pid is left alone
    if (groupOf(pid) === pid) {
      killGroup(pid);
      killed++;
    }
    rmSync(path.join(pidDir, name), { force: true });
  }
  return killed;
}
