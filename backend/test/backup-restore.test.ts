import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { S3ObjectStorage } from '../src/platform/storage/s3-object-storage.js';
import { adminMediaCookie, binary, renditionsSettled, seededJpeg, upload } from './fixtures/media-fixtures.js';
import { asAdmin } from './support/admin.js';
import { waitForJob } from './support/jobs.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { createTestDatabase, dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';
import { buildBackend } from './support/worker-process.js';

/**
 * The README's backup, restore and upgrade procedures, run with the commands they name: pg_dump
 * and pg_restore for the database, `node backend/dist/objects.js` (built here as production
 * builds it) for the objects.
 */
let build: Awaited<ReturnType<typeof buildBackend>>;
beforeAll(async () => {
  build = await buildBackend();
}, 180_000);
afterAll(() => build?.remove());

/**
 * Runs the objects command with only these settings (never the developer's own S3 variables).
 * Asynchronously: the S3 servers answer from this process's event loop.
 */
function objects(args: string[], env: Record<string, string>): Promise<string> {
  return run(process.execPath, [path.join(build.dir, 'objects.js'), ...args], env).then(({ code, out }) => {
    if (code !== 0) throw new Error(`objects ${args.join(' ')} exited ${code}:\n${out}`);
    return out;
  });
}

/** A command with only PATH, HOME and these settings; its exit code and its output (stdout and stderr). */
function run(file: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (out += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** What a restore must bring back: the rows and the vote counters the media rows keep. */
async function counts(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (
      await c.query(
        `SELECT (SELECT count(*)::int FROM media) AS media, (SELECT count(*)::int FROM votes) AS votes,
                (SELECT count(*)::int FROM users) AS users, (SELECT sum(hot_votes)::int FROM media) AS hot`,
      )
    ).rows[0];
  } finally {
    await c.end();
  }
}

/** scripts/backup or scripts/restore, as an operator runs them from a checkout. */
const script = (name: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  run(fileURLToPath(new URL(`../../scripts/${name}`, import.meta.url)), args, { BACKEND_DIST: build.dir, ...env });

/** Every object of a storage with the SHA-256 of its bytes, by key. */
async function contents(storage: ObjectStorage): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const o of storage.list()) {
    const { stream } = await storage.get(o.key);
    const hash = createHash('sha256');
    for await (const chunk of stream) hash.update(chunk as Buffer);
    out.set(o.key, hash.digest('hex'));
  }
  return out;
}

describe('the MinIO move: every object of one S3 server copied into another (copy-from-s3)', () => {
  let from: TestS3;
  let to: TestS3;
  beforeAll(async () => {
    from = await startS3('minio-bucket');
    to = await startS3('vibe-media');
  });
  afterAll(async () => {
    await from?.close();
    await to?.close();
  });

  it('copies a populated bucket byte for byte, and a second run copies nothing again', async () => {
    const source = new S3ObjectStorage(from.settings);
    const target = new S3ObjectStorage(to.settings);
    try {
      for (let i = 0; i < 12; i++) {
        const body = await seededJpeg(i);
        await source.put(`uploads/2026/11/${i}-photo.jpg`, Readable.from(body), 'image/jpeg', body.length);
      }
      await source.put(
        'renditions/uploads/2026/11/0-photo.jpg/thumb-abc.webp',
        Readable.from(Buffer.alloc(0)),
        'image/webp',
        0,
      );
      const env = {
        ...to.env,
        FROM_S3_BUCKET: from.settings.bucket,
        FROM_S3_ENDPOINT: from.settings.endpoint,
        FROM_S3_ACCESS_KEY_ID: from.settings.accessKeyId,
        FROM_S3_SECRET_ACCESS_KEY: from.settings.secretAccessKey,
      };
      expect(await objects(['copy-from-s3'], env)).toMatch(/13 copied .*, 0 already there/);
      expect(await contents(target)).toEqual(await contents(source));
      expect(await objects(['copy-from-s3'], env)).toMatch(/0 copied .*, 13 already there/);
    } finally {
      source.destroy();
      target.destroy();
    }
  }, 120_000);

  it('names what is missing instead of guessing a source', async () => {
    await expect(objects(['copy-from-s3'], to.env)).rejects.toThrow(/needs FROM_S3_BUCKET/);
    await expect(objects(['backup'], to.env)).rejects.toThrow(/Usage/);
  });
});

// pg_dump / pg_restore: PostgreSQL only (the embedded mode is backed up by copying its stopped DATA_DIR)
if (dbKind === 'postgres') {
  describe('backup → wipe → restore (PostgreSQL, S3): the database first, then the bucket', () => {
    let s3: TestS3;
    let restoredS3: TestS3;
    let t: TestApp;
    let work: string;
    beforeAll(async () => {
      s3 = await startS3('vibe-media');
      restoredS3 = await startS3('vibe-media');
      t = await startTestApp(s3.env);
      work = await mkdtemp(path.join(os.tmpdir(), 'vibe-backup-'));
    });
    afterAll(async () => {
      await t?.close();
      await s3?.close();
      await restoredS3?.close();
      if (work) await rm(work, { recursive: true, force: true });
    });

    it('brings back every row and every object byte for byte; an object newer than the dump is quarantined, not imported', async () => {
      const owner = await newVisitor(t);
      const voter = await newVisitor(t);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await upload(owner, await seededJpeg(i), `p${i}.jpg`).expect(201)).body.id);
      await renditionsSettled(t);
      for (const id of ids) await voter.agent.post('/api/votes').send({ userId: voter.id, mediaId: id, isHot: true });
      const before = await counts(t.config.databaseUrl!);
      const objectsBefore = await contents(t.app.get(ObjectStorage));
      expect(before).toMatchObject({ media: 3, votes: 3 });

      // backup, in the README's order: the dump first…
      const dump = path.join(work, 'database.dump');
      const d = spawnSync('pg_dump', ['-Fc', '-f', dump, t.config.databaseUrl!], { encoding: 'utf8' });
      expect(d.status, d.stderr).toBe(0);
      // …an upload lands between the two steps…
      const late = (await upload(owner, await seededJpeg(9), 'late.jpg').expect(201)).body;
      await renditionsSettled(t);
      // …then the bucket
      expect(await objects(['export', path.join(work, 'objects')], s3.env)).toMatch(/Exported: \d+ copied/);

      // restore onto an empty database and an empty bucket
      const restoredDb = await createTestDatabase('restored');
      try {
        const r = spawnSync('pg_restore', ['--no-owner', '-d', restoredDb.url, dump], { encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        const env = { ...restoredS3.env, DATABASE_URL: restoredDb.url };
        await objects(['import', path.join(work, 'objects')], env);
        const quarantine = await objects(['quarantine'], env);

        expect(await counts(restoredDb.url)).toEqual(before);
        const target = new S3ObjectStorage(restoredS3.settings);
        try {
          const restored = await contents(target);
          const live = new Map([...restored].filter(([key]) => !key.startsWith('quarantine/')));
          expect(live).toEqual(objectsBefore);
          // the late upload (its original and renditions) has no row in the dump: set apart, not lost
          const lateKey = decodeURIComponent(late.url.replace(/^\/media\//, ''));
          const quarantined = [...restored.keys()].filter((k) => k.startsWith('quarantine/'));
          expect(quarantined.some((k) => k.endsWith(`/${lateKey}`))).toBe(true);
          expect(quarantined.every((k) => k.includes(lateKey))).toBe(true);
          expect(quarantine).toMatch(new RegExp(`Quarantined ${quarantined.length} object`));
        } finally {
          target.destroy();
        }

        // the restored site serves what it served, and Import Media from Bucket leaves the quarantine alone
        const restoredApp = await startTestApp({ ...restoredS3.env, DATABASE_URL: restoredDb.url });
        try {
          const keys: Array<{ storage_key: string }> = await restoredApp.app
            .get(DataSource)
            .query(`SELECT storage_key FROM media ORDER BY id`);
          expect(keys).toHaveLength(3);
          // originals go to admins (and their uploaders) only (issue 26)
          const cookie = await adminMediaCookie(restoredApp);
          for (const { storage_key } of keys)
            await binary(request(restoredApp.server).get(`/media/${storage_key}`).set('Cookie', cookie)).expect(200);
          const job = await asAdmin(restoredApp).post('/api/admin/import-media').expect(202);
          expect((await waitForJob(restoredApp, job.body.jobId)).result).toMatchObject({ imported: 0 });
        } finally {
          await restoredApp.close();
        }
      } finally {
        await restoredDb.drop();
      }
    }, 240_000);

    it('scripts/backup --direct and scripts/restore --direct: no docker, a plain DATABASE_URL and the bucket of the S3 settings', async () => {
      const owner = await newVisitor(t);
      const id = (await upload(owner, await seededJpeg(21), 'direct.jpg').expect(201)).body.id as number;
      await renditionsSettled(t);
      const voter = await newVisitor(t);
      await voter.agent.post('/api/votes').send({ userId: voter.id, mediaId: id, isHot: true }).expect(201);
      const before = await counts(t.config.databaseUrl!);
      const objectsBefore = await contents(t.app.get(ObjectStorage));
      const dir = path.join(work, 'direct');

      const missing = await script('backup', ['--direct', dir], s3.env);
      expect(missing).toMatchObject({ code: 2, out: expect.stringMatching(/--direct needs DATABASE_URL/) });
      // a password with characters a URL escapes reaches pg_dump as PGPASSWORD, not on its command line
      // (this server trusts loopback, so only the parsing is exercised)
      const withPassword = new URL(t.config.databaseUrl!);
      withPassword.password = encodeURIComponent('s@cret word');
      const backup = await script('backup', ['--direct', dir], { ...s3.env, DATABASE_URL: withPassword.href });
      expect(backup.out).toMatch(/Backup complete/);
      expect(backup.code).toBe(0);

      const emptyS3 = await startS3('vibe-media');
      const restoredDb = await createTestDatabase('restored_direct');
      const target = { ...emptyS3.env, DATABASE_URL: restoredDb.url };
      const bucket = new S3ObjectStorage(emptyS3.settings);
      try {
        // the app must be stopped first, and the operator says so
        const unsure = await script('restore', ['--direct', dir], target);
        expect(unsure).toMatchObject({ code: 2, out: expect.stringMatching(/stop the API and workers first/) });
        expect(await contents(bucket)).toEqual(new Map());

        const restore = await script('restore', ['--direct', dir, '--app-stopped'], target);
        expect(restore.out).toMatch(/Restore complete/);
        expect(restore.code).toBe(0);
        expect(await counts(restoredDb.url)).toEqual(before);
        const restored = await contents(bucket);
        expect(new Map([...restored].filter(([key]) => !key.startsWith('quarantine/')))).toEqual(objectsBefore);

        // a rollback: the backup of the older release onto a database the newer one migrated, whose new
        // table refers to users (pg_restore --clean alone cannot drop users under it and gives up)
        const c = new pg.Client({ connectionString: restoredDb.url });
        await c.connect();
        await c.query(`CREATE TABLE newer_release_devices (user_id int NOT NULL REFERENCES users(id))`);
        await c.query(`INSERT INTO newer_release_devices SELECT id FROM users`);
        await c.query(`DELETE FROM votes`);
        await c.end();
        const rollback = await script('restore', ['--direct', dir, '--app-stopped'], target);
        expect(rollback.out).toMatch(/Restore complete/);
        expect(rollback.code).toBe(0);
        expect(await counts(restoredDb.url)).toEqual(before);
        const after = new pg.Client({ connectionString: restoredDb.url });
        await after.connect();
        const left = await after.query(`SELECT to_regclass('newer_release_devices') AS t`);
        await after.end();
        expect(left.rows[0].t).toBeNull();
      } finally {
        bucket.destroy();
        await restoredDb.drop();
        await emptyS3.close();
      }
    }, 240_000);
  });
}
