import { spawn } from 'node:child_process';
import os from 'node:os';

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
  ) {
    super(
      `${tool} failed (${exitCode === null ? 'killed' : `exit ${exitCode}`}): ${stderr.trim().split('\n').slice(-3).join(' | ')}`,
    );
    this.name = 'ToolFailedError';
  }
}

/** Below normal priority: a transcode must not slow down the requests beside it. */
const BACKGROUND_PRIORITY = 10;
const STDERR_KEEP = 8 * 1024;

/**
 * Runs a tool to completion and answers its stdout. Killed when `timeoutMs` passes or `signal`
 * aborts; started at background CPU priority; stderr kept to its last few KB for the error.
 */
export function runTool(
  command: string,
  args: readonly string[],
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, timeoutMs);
    signal?.addEventListener('abort', kill, { once: true });
    child.once('spawn', () => {
      try {
        if (child.pid) os.setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // not allowed here (a container without the capability): run at normal priority
      }
    });
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => {
      err = (err + c.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.once('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new ToolMissingError(command) : e);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new ToolFailedError(command, code, err));
    });
  });
}
