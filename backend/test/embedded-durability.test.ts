import { fsyncSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/env.js';
import { PGlitePool } from '../src/platform/database/pglite-pool.js';
import { startTestApp } from './support/test-app.js';

/**
 * The embedded database acknowledges a commit only once its WAL is on disk: PGlite is started
 * with fsync on, and its filesystem's fsync really reaches the disk (watched here through the
 * fsync it is given, which still does the real fsync).
 */
describe('embedded database durability (PGlite)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-pglite-durable-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('fsyncs the WAL before a committed write is answered, and the write survives a reopen', async () => {
    const synced: string[] = [];
    const watch = (fd: number) => {
      synced.push(readlinkSync(`/proc/self/fd/${fd}`));
      fsyncSync(fd);
    };
    const pool = new PGlitePool({ dataDir: dir, fsync: watch });
    const setting = async (name: string) =>
      ((await pool.query(`SELECT current_setting($1) AS v`, [name])) as { rows: { v: string }[] }).rows[0]!.v;
    expect(await setting('fsync')).toBe('on');
    expect(await setting('synchronous_commit')).toBe('on');
    await pool.query(`CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL)`);
    synced.length = 0;
    await pool.query(`INSERT INTO notes (body) VALUES ($1)`, ['acknowledged']);
    // answered: by now the commit's WAL segment has reached the disk
    expect(synced.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
    await pool.end();

    const reopened = new PGlitePool({ dataDir: dir });
    const { rows } = (await reopened.query(`SELECT body FROM notes`)) as { rows: { body: string }[] };
    expect(rows).toEqual([{ body: 'acknowledged' }]);
    await reopened.end();
  });

  it('is what the app runs on unless EMBEDDED_DB_FSYNC=false (throwaway test data)', async () => {
    expect(loadConfig({}).embeddedDbFsync).toBe(true);
    expect(loadConfig({ EMBEDDED_DB_FSYNC: 'false' }).embeddedDbFsync).toBe(false);
    const t = await startTestApp({ DATABASE_URL: undefined, EMBEDDED_DB_FSYNC: 'true' });
    try {
      const [row] = await t.app
        .get(DataSource)
        .query(`SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method`);
      expect(row).toEqual({ fsync: 'on', method: 'fsync' });
    } finally {
      await t.close();
    }
  });
});
