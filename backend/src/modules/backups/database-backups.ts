import { spawn } from 'node:child_process';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/env.js';
import { PGlitePool } from '../../platform/database/pglite-pool.js';

/** One finished backup in the backup folder. */
export interface BackupFile {
  name: string;
  bytes: number;
  /** When the backup was taken (from its name), ISO 8601. */
  takenAt: string;
}

/**
 * `vibe-db-2026-11-29T01-20-00-123Z.tar.gz` (embedded: PGlite's data dir) or `….dump` (PostgreSQL:
 * `pg_dump -Fc`). The time in the name orders them; only names like these count as backups.
 */
const FINISHED = /^vibe-db-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.(tar\.gz|dump)$/;
/** A backup being written: renamed to its finished name only once complete, so a crash never leaves a half backup. */
const PARTIAL = /^\.vibe-db-.*\.partial$/;

const takenAt = (stamp: string) => stamp.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z');

/**
 * Database backups in `BACKUP_DIR` (default DATA_DIR/backups) in both run modes, like Immich's
 * database backup job: the embedded mode dumps PGlite's data dir while serving (one consistent
 * snapshot, see `PGlitePool.snapshot`), the services mode runs `pg_dump -Fc` against DATABASE_URL.
 * The newest `BACKUP_KEEP` are kept.
 */
@Injectable()
export class DatabaseBackups {
  private readonly logger = new Logger('DatabaseBackups');

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  get dir(): string {
    return this.config.backupDir;
  }

  /** The finished backups, newest first. */
  async list(): Promise<BackupFile[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: BackupFile[] = [];
    for (const name of names.sort().reverse()) {
      const m = FINISHED.exec(name);
      if (!m) continue;
      const s = await stat(path.join(this.dir, name)).catch(() => null);
      if (s) out.push({ name, bytes: s.size, takenAt: takenAt(m[1]) });
    }
    return out;
  }

  /** Takes one backup, then removes all but the newest `BACKUP_KEEP` (and partial files a crash left). */
  async backUp(now = new Date()): Promise<{ backup: BackupFile; removed: string[] }> {
    await mkdir(this.dir, { recursive: true });
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const name = `vibe-db-${stamp}.${this.config.databaseUrl ? 'dump' : 'tar.gz'}`;
    const partial = path.join(this.dir, `.${name}.${process.pid}.partial`);
    const started = Date.now();
    try {
      if (this.config.databaseUrl) await this.pgDump(this.config.databaseUrl, partial);
      else await writeFile(partial, await this.embeddedPool().snapshot(), { flush: true });
      await rename(partial, path.join(this.dir, name));
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    const removed = await this.prune(name);
    const backup = (await this.list()).find((b) => b.name === name) as BackupFile;
    this.logger.log({
      msg: `Database backup ${name} written (${backup.bytes} bytes in ${Date.now() - started} ms), ${removed.length} old one(s) removed`,
      backup: name,
      bytes: backup.bytes,
      removed,
    });
    return { backup, removed };
  }

  /** Keeps the newest BACKUP_KEEP; removes partial files of other processes' crashed backups (not the one just finished). */
  private async prune(current: string): Promise<string[]> {
    const finished = await this.list();
    const removed = finished.slice(this.config.backupKeep).map((b) => b.name);
    const names = await readdir(this.dir);
    // a partial file of a backup still being written elsewhere carries another pid and is young; an hour is ample
    const stale: string[] = [];
    for (const n of names.filter((n) => PARTIAL.test(n))) {
      const s = await stat(path.join(this.dir, n)).catch(() => null);
      if (s && Date.now() - s.mtimeMs > 3600_000) stale.push(n);
    }
    for (const n of [...removed, ...stale]) if (n !== current) await rm(path.join(this.dir, n), { force: true });
    return removed;
  }

  private embeddedPool(): PGlitePool {
    const pool = (this.dataSource.driver as unknown as { master: unknown }).master;
    if (!(pool instanceof PGlitePool)) throw new Error('The embedded database is not a PGlite pool');
    return pool;
  }

  /** `pg_dump -Fc`; the password goes through PGPASSWORD, never the command line (which `ps` shows). */
  private pgDump(databaseUrl: string, file: string): Promise<void> {
    const url = new URL(databaseUrl);
    const password = decodeURIComponent(url.password);
    url.password = '';
    return new Promise((resolve, reject) => {
      const child = spawn('pg_dump', ['-Fc', '--file', file, '--dbname', url.toString()], {
        env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr = (stderr + c.toString()).slice(-4000)));
      child.on('error', (err: NodeJS.ErrnoException) =>
        reject(
          err.code === 'ENOENT'
            ? new Error(
                'No database backup: pg_dump was not found on PATH (install PostgreSQL client tools of the server version or newer, Debian: postgresql-client)',
              )
            : err,
        ),
      );
      child.on('close', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`pg_dump failed (${signal ?? `exit ${code}`}): ${stderr.trim() || 'no message'}`)),
      );
    });
  }
}
