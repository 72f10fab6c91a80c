import { spawnSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { BackupSchedule } from '../src/modules/backups/backup-schedule.js';
import { DatabaseBackups } from '../src/modules/backups/database-backups.js';
import { pngImage } from './fixtures/media-fixtures.js';
import { asAdmin, seedStoredMedia, seedVote } from './support/admin.js';
import { eventually, waitForJob } from './support/jobs.js';
import { createTestDatabase, dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

const TOKEN = 'backup-metrics-token-0123456789';
const TABLES = ['users', 'media', 'votes', 'views', 'ad_configs', 'idle_redirect_configs', 'back_button_configs'];

/** Each table's row count and a hash of its rows (every column), as one query answers them. */
const STATE_SQL = (table: string) =>
  `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${table} x`;
type TableState = Record<string, { n: number; h: string }>;

async function tableState(query: (sql: string) => Promise<Array<{ n: number; h: string }>>): Promise<TableState> {
  const out: TableState = {};
  for (const table of TABLES) out[table] = (await query(STATE_SQL(table)))[0]!;
  return out;
}

/** The state of a restored backup, through a client of its own (PGlite in memory, or pg). */
async function restoredState(t: TestApp, file: string): Promise<TableState> {
  if (!t.config.databaseUrl) {
    const restored = await PGlite.create({ loadDataDir: new Blob([await readFile(file)]) });
    try {
      return await tableState(async (sql) => (await restored.query<{ n: number; h: string }>(sql)).rows);
    } finally {
      await restored.close();
    }
  }
  const target = await createTestDatabase('vibe_restore');
  try {
    const r = spawnSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.url, file], {
      encoding: 'utf8',
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const c = new pg.Client({ connectionString: target.url });
    await c.connect();
    try {
      return await tableState(async (sql) => (await c.query(sql)).rows);
    } finally {
      await c.end();
    }
  } finally {
    await target.drop();
  }
}

/** Issue 28 item 2: scheduled database backups in both run modes, the newest BACKUP_KEEP kept. */
describe(`scheduled database backups (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ BACKUP_EVERY_HOURS: '24', BACKUP_KEEP: '2', METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it('a process that runs jobs queues a backup-database job at start when none ran this period, once per period', async () => {
    const backups = t.app.get(DatabaseBackups);
    const [b] = await eventually(async () => {
      const list = await backups.list();
      return list.length ? list : null;
    }, 'the first scheduled backup');
    expect(b!.name).toMatch(dbKind === 'pglite' ? /^vibe-db-.*Z\.tar\.gz$/ : /^vibe-db-.*Z\.dump$/);
    expect(b!.bytes).toBeGreaterThan(1000);
    expect(t.config.backupDir).toBe(path.join(t.config.dataDir, 'backups'));
    const jobs = await asAdmin(t).get('/api/admin/jobs').expect(200);
    const job = (jobs.body as { name: string; id: string }[]).find((j) => j.name === 'backup-database');
    const done = await waitForJob(t, job!.id);
    expect(done.state).toBe('completed');
    expect((done.result as { backup: { name: string } }).backup.name).toBe(b!.name);
    // the last success, for the alert when none succeeded for 26 h (deploy/prometheus/alerts.yml)
    const metrics = await request(t.server).get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    const last = Number(/^vibe_backup_last_success_timestamp_seconds\{[^}]*\} (\S+)$/m.exec(metrics.text)?.[1]);
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(600);
    // the period is claimed: nobody queues another until BACKUP_EVERY_HOURS have passed
    expect(await t.app.get(BackupSchedule).backUpIfDue()).toBeNull();
  });

  it('is taken while the app serves, and a restore of it has the rows of when it was taken (counts and hashes)', async () => {
    const owner = await newVisitor(t);
    const m = await seedStoredMedia(t, { userId: owner.id, body: await pngImage() });
    await seedVote(t, owner.id, m.id, true);
    const before = await tableState((sql) => t.app.get(DataSource).query(sql));
    const [taken] = await Promise.all([
      t.app.get(DatabaseBackups).backUp(new Date('2030-01-01T00:00:00.000Z')),
      // a request while the dump runs is answered (it waits for the snapshot on PGlite, as for a transaction)
      owner.agent.get('/api/session').expect((r) => expect(r.status).toBeLessThan(500)),
    ]);
    // data changed after the backup is not in it
    await seedVote(t, (await newVisitor(t)).id, m.id, false);
    expect(await restoredState(t, path.join(t.config.backupDir, taken.backup.name))).toEqual(before);
  });

  it('the DB Admin page lists the backups (GET /api/admin/backups) and backs up now (POST: 202 and the job); both admin only', async () => {
    await request(t.server).get('/api/admin/backups').expect(401);
    await request(t.server).post('/api/admin/backups').expect(401);
    const before = (await asAdmin(t).get('/api/admin/backups').expect(200)).body as { name: string }[];
    const started = await asAdmin(t).post('/api/admin/backups').expect(202);
    expect(started.body.name).toBe('backup-database');
    // the operator's press is on the audit log, with the job it started
    const [audit] = (await asAdmin(t).get('/api/admin/audit?range=[0,0]').expect(200)).body as {
      action: string;
      detail: string | null;
    }[];
    expect(audit).toMatchObject({ action: 'db.backup', detail: `job ${started.body.jobId}` });
    expect((await waitForJob(t, started.body.jobId)).state).toBe('completed');
    const after = (await asAdmin(t).get('/api/admin/backups').expect(200)).body as {
      name: string;
      bytes: number;
      takenAt: string;
    }[];
    expect(after.length).toBe(Math.min(before.length + 1, 2));
    expect(after[0]!.bytes).toBeGreaterThan(1000);
  });

  it('keeps the newest BACKUP_KEEP; a partial file (a backup cut off by a crash) is never one of them', async () => {
    const backups = t.app.get(DatabaseBackups);
    await writeFile(path.join(t.config.backupDir, '.vibe-db-2031-01-01T00-00-00-000Z.dump.999.partial'), 'half');
    await backups.backUp(new Date('2031-01-01T00:00:00.000Z'));
    const third = await backups.backUp(new Date('2032-01-01T00:00:00.000Z'));
    expect(third.removed).toHaveLength(1);
    const kept = (await backups.list()).map((b) => b.takenAt);
    expect(kept).toEqual(['2032-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z']);
    const files = (await readdir(t.config.backupDir)).filter((n) => !n.endsWith('.partial'));
    expect(files).toHaveLength(2);
  });
});
