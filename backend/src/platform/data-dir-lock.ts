import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** The file whose lock says "a process owns this DATA_DIR" (scripts/backup.mjs takes the same one). */
const DATA_DIR_LOCK_FILE = 'instance.lock';
/** Who holds it, for the refusal's message only: the lock itself is the kernel's. */
const HOLDER_FILE = 'instance.lock.json';

export class DataDirInUseError extends Error {}

// Kept for the life of the process: the lock ends when the handle is closed or collected.
let held: DatabaseSync | undefined;

/**
 * Takes the embedded mode's exclusive lock on DATA_DIR, or throws DataDirInUseError when another
 * process holds it. PGlite is one process's database: two processes on one `DATA_DIR/db` would
 * hand out the same ids and overwrite each other's pages.
 *
 * The lock is SQLite's (node:sqlite, an exclusive transaction on an empty database): a POSIX record
 * lock the kernel drops when the process ends however it ends, so a kill -9 leaves nothing stale to
 * clean up and two processes starting at once cannot both win (a pid file can do neither).
 */
export function lockDataDir(dataDir: string): void {
  if (held) return;
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, DATA_DIR_LOCK_FILE));
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if (/locked|busy/i.test((err as Error).message)) {
      throw new DataDirInUseError(
        `DATA_DIR ${dataDir} is in use by another How's my Vibe process${holderOf(dataDir)}. ` +
          'The embedded database belongs to one process: stop that one first, or give this one another DATA_DIR ' +
          '(several API processes need DATABASE_URL, PostgreSQL).',
      );
    }
    throw err;
  }
  held = db;
  writeFileSync(
    path.join(dataDir, HOLDER_FILE),
    `${JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() })}\n`,
  );
}

function holderOf(dataDir: string): string {
  try {
    const h = JSON.parse(readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as {
      pid: number;
      host: string;
      since: string;
    };
    return ` (pid ${h.pid} on ${h.host}, since ${h.since})`;
  } catch {
    return '';
  }
}
