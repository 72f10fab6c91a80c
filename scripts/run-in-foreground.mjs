#!/usr/bin/env node
// Runs a server as this process's child and stands for it: SIGTERM, SIGINT and SIGHUP are passed
// on (a supervisor, `timeout` or Ctrl-C signals this process, not the server), and this process
// exits with the server's status, or 128 + the signal's number when a signal ended it (as a shell
// reports it). `npm start` (scripts/start.mjs) ends here; `node scripts/run-in-foreground.mjs
// <entry.js> [args]` runs the same thing without the build step.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { pathToFileURL } from 'node:url';

const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/** Starts `node entry args` in the foreground; resolves never: this process exits when the child does. */
export function runInForeground(entry, args = [], options = {}) {
  const child = spawn(process.execPath, [entry, ...args], { stdio: 'inherit', ...options });
  const forward = (signal) => {
    // Ctrl-C in a terminal reaches the child directly too (same process group); the server
    // takes a repeat within a second as the same signal
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  child.on('error', (err) => {
    console.error(`Could not start ${entry}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) {
    console.error('usage: node scripts/run-in-foreground.mjs <entry.js> [args]');
    process.exit(2);
  }
  runInForeground(entry, args);
}
