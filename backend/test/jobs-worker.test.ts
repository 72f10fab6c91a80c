import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import { seededPng as png } from './fixtures/media-fixtures.js';
import path from 'node:path';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  eventually,
  expectConsistent,
  listKeys,
  populationFacts,
  putObject,
  insertMediaRows as seedStoredMedia,
  waitForJob,
} from './support/jobs.js';
import { asAdmin } from './support/admin.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import {
  buildBackend,
  dropQueues,
  startWorker,
  testRedisUrl,
  uniquePrefix,
  type WorkerProcess,
} from './support/worker-process.js';

/**
 * The separate worker process (`node dist/worker.js`), built as production builds it. Killing it
 * in the middle of a job needs a database two processes can share, so those tests are part of
 * the PostgreSQL pass only (PGlite is one process by design); its start-up checks run in both.
 */
// one build for every describe in this file
let built: ReturnType<typeof buildBackend> | undefined;
const sharedBuild = () => (built ??= buildBackend());
afterAll(async () => {
  if (built) await (await built).remove();
});

describe(`worker process start-up (${dbKind})`, () => {
  let build: Awaited<ReturnType<typeof buildBackend>>;
  let logDir: string;
  beforeAll(async () => {
    [build, logDir] = await Promise.all([sharedBuild(), mkdtemp(path.join(os.tmpdir(), 'vibe-worker-log-'))]);
  });
  afterAll(() => rm(logDir, { recursive: true, force: true }));

  const exitOf = async (env: Record<string, string>, name: string) => {
    const w = startWorker(build.dir, { DATA_DIR: logDir, ...env }, path.join(logDir, name));
    await new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once('exit', r)));
    return { code: w.child.exitCode, log: await w.log() };
  };

  it('refuses to start without DATABASE_URL and says why (PGlite belongs to the API process)', async () => {
    const { code, log } = await exitOf({}, 'no-db.log');
    expect(code).toBe(1);
    expect(log).toMatch(/The worker needs DATABASE_URL \(PostgreSQL\)\. Without it, the API process runs the jobs/);
  });

  it('refuses a bad setting with the list of problems', async () => {
    const { code, log } = await exitOf(
      { DATABASE_URL: 'postgres://127.0.0.1:1/none', JOBS_LOCK_MS: 'soon', JOBS_PREFIX: 'a b' },
      'bad.log',
    );
    expect(code).toBe(1);
    expect(log).toMatch(/JOBS_LOCK_MS must be an integer between 1000 and 600000 \(got "soon"\)/);
    expect(log).toMatch(/JOBS_PREFIX must be 1 to 64 letters/);
  });
});

if (dbKind === 'postgres') {
  describe.runIf(testRedisUrl)('worker process killed mid-job (postgres, BullMQ)', () => {
    const redisUrl = testRedisUrl!;
    const prefix = uniquePrefix('worker');
    let s3: TestS3;
    let api: TestApp;
    let build: Awaited<ReturnType<typeof buildBackend>>;
    let logDir: string;
    let worker: WorkerProcess | undefined;
    const q = (sql: string, params?: unknown[]) => api.app.get(DataSource).query(sql, params);

    beforeAll(async () => {
      [build, s3, logDir] = await Promise.all([
        sharedBuild(),
        startS3(),
        mkdtemp(path.join(os.tmpdir(), 'vibe-worker-log-')),
      ]);
      // the API only enqueues; every handler runs in the worker process
      api = await startTestApp({ ...s3.env, REDIS_URL: redisUrl, JOBS_PREFIX: prefix, RUN_JOBS: 'false' });
    });
    afterAll(async () => {
      await worker?.kill();
      await api?.close();
      await s3?.close();
      await dropQueues(redisUrl, prefix);
      await rm(logDir, { recursive: true, force: true });
    });

    let starts = 0;
    const spawnWorker = () => {
      starts++;
      worker = startWorker(
        build.dir,
        {
          DATABASE_URL: api.config.databaseUrl,
          REDIS_URL: redisUrl,
          JOBS_PREFIX: prefix,
          // a dead worker's job is taken over within a couple of seconds
          JOBS_LOCK_MS: '2000',
          DATA_DIR: logDir,
          LOG_LEVEL: 'info', // the job start / take-over / end lines
          ...s3.env,
        },
        path.join(logDir, `worker-${starts}.log`),
      );
      return worker;
    };
    const withLog = async <T>(what: Promise<T>): Promise<T> => {
      try {
        return await what;
      } catch (err) {
        throw new Error(`${(err as Error).message}\n--- worker log ---\n${await worker?.log()}`, { cause: err });
      }
    };

    it('population: SIGTERM requeues at a checkpoint, SIGKILL is taken over after the lock expires; totals right, nothing twice', async () => {
      const MEDIA = 6000;
      await seedStoredMedia(q, MEDIA);
      const votes = async () => Number((await q(`SELECT votes_inserted FROM population_runs`))[0]?.votes_inserted ?? 0);

      const started = await asAdmin(api).post('/api/admin/populate-votes').expect(202);
      const jobId = started.body.jobId as string;
      spawnWorker();
      await withLog(eventually(async () => (await votes()) > 0, 'the first checkpoint'));

      // graceful: the running batch commits, the job goes back to waiting without spending an attempt
      await worker!.terminate();
      const requeued = await asAdmin(api).get(`/api/admin/jobs/${jobId}`).expect(200);
      expect(requeued.body).toMatchObject({ state: 'waiting', attemptsMade: 0 });
      const afterTerm = await populationFacts(q);
      expectConsistent(afterTerm);
      expect(afterTerm.run.media_processed).toBeLessThan(MEDIA);

      spawnWorker();
      await withLog(eventually(async () => (await votes()) > afterTerm.seeded_votes, 'progress after the restart'));
      await worker!.kill(); // no hook runs: a transaction in flight is rolled back by PostgreSQL
      const atKill = await populationFacts(q);
      expectConsistent(atKill);
      expect(atKill.run.state).toBe('running');
      expect(atKill.run.media_processed).toBeLessThan(MEDIA);

      spawnWorker();
      const job = await withLog(waitForJob(api, jobId, 120_000));
      expect(job.state).toBe('completed');
      // the operator can follow it: the first worker started it, the last one took it over and finished it
      expect(await readFile(path.join(logDir, 'worker-1.log'), 'utf8')).toMatch(
        new RegExp(`Job ${jobId} started \\(attempt 1\\)`),
      );
      const lastLog = await worker!.log();
      expect(lastLog).toMatch(new RegExp(`Job ${jobId} taken over \\(attempt \\d+\\)`));
      expect(lastLog).toMatch(new RegExp(`Job ${jobId} completed in`));
      const done = await populationFacts(q);
      expectConsistent(done);
      expect(done.run.state).toBe('completed');
      expect(done.run.media_processed).toBe(MEDIA);
      // resumed from the checkpoint: media done before the kill were not touched again
      const before = new Map(atKill.media.map((m) => [m.id, m.seeded]));
      for (const m of done.media) if (before.get(m.id)) expect(m.seeded).toBe(before.get(m.id));
      expect(job.result).toMatchObject({
        success: true,
        state: 'completed',
        mediaProcessed: MEDIA,
        totalMediaCount: MEDIA,
        totalVotesInserted: done.seeded_votes,
        usersCreated: done.seeded_users,
      });
      await worker!.terminate();
    });

    it('import: killed mid-import and restarted, every file imported once and counted once', async () => {
      const FILES = 400;
      const image = await png(9);
      for (let i = 0; i < FILES; i += 25) {
        await Promise.all(
          Array.from({ length: Math.min(25, FILES - i) }, (_, j) =>
            putObject(api, `kill/${String(i + j).padStart(4, '0')}.png`, image, 'image/png'),
          ),
        );
      }
      const before = Number((await q(`SELECT count(*) AS n FROM media`))[0].n);
      const started = await asAdmin(api).post('/api/admin/import-media').expect(202);
      const jobId = started.body.jobId as string;
      const checkpoint = async () => (await q(`SELECT data FROM job_checkpoints WHERE job_id = $1`, [jobId]))[0]?.data;

      spawnWorker();
      const reached = await withLog(eventually(checkpoint, 'the first import checkpoint'));
      await worker!.kill();
      const atKill = await checkpoint();
      expect(atKill.imported).toBeGreaterThanOrEqual(reached.imported);
      expect(atKill.imported).toBeLessThan(FILES);
      const [{ n: rowsAtKill }] = await q(`SELECT count(*)::int AS n FROM media WHERE storage_key LIKE 'kill/%'`);
      expect(rowsAtKill).toBe(atKill.imported); // rows and checkpoint committed together

      spawnWorker();
      const job = await withLog(waitForJob(api, jobId, 120_000));
      expect(job.state).toBe('completed');
      const total = FILES + before; // the population test's media have no bucket objects
      expect(job.result).toEqual({ imported: FILES, skipped: 0, errors: 0, totalFiles: FILES });
      const [{ n }] = await q(`SELECT count(*)::int AS n FROM media WHERE storage_key LIKE 'kill/%'`);
      expect(n).toBe(FILES);
      expect(Number((await q(`SELECT count(*) AS n FROM media`))[0].n)).toBe(total);
      await worker!.terminate();
    });

    it('renditions backfill: killed mid-way and taken over, every item made once and no file stored twice', async () => {
      const ITEMS = 40;
      const [owner] = await q(`INSERT INTO users (session_id, username) VALUES ($1, 'BackfillOwner') RETURNING id`, [
        'backfillowner'.padEnd(32, 'x'),
      ]);
      // photos stored before renditions existed: rows 'pending', no job queued for them
      for (let i = 0; i < ITEMS; i++) {
        const photo = await sharp({
          create: {
            width: 800,
            height: 600,
            channels: 3,
            background: '#000',
            noise: { type: 'gaussian', mean: 120 + i, sigma: 40 },
          },
        })
          .jpeg()
          .toBuffer();
        const key = `backfill/${String(i).padStart(3, '0')}.jpg`;
        await putObject(api, key, photo, 'image/jpeg');
        await q(
          `INSERT INTO media (user_id, storage_key, original_name, mime_type, size) VALUES ($1, $2, $3, 'image/jpeg', $4)`,
          [owner.id, key, `${i}.jpg`, photo.length],
        );
      }
      const ready = async () =>
        Number(
          (
            await q(
              `SELECT count(*) AS n FROM media WHERE storage_key LIKE 'backfill/%' AND renditions_state = 'ready'`,
            )
          )[0].n,
        );
      const started = await asAdmin(api).post('/api/admin/media/renditions').send({}).expect(202);
      const jobId = started.body.jobId as string;
      spawnWorker();
      await withLog(eventually(async () => (await ready()) >= 3, 'the first renditions'));
      await worker!.kill();
      const atKill = await ready();
      expect(atKill).toBeLessThan(ITEMS);

      spawnWorker();
      const job = await withLog(waitForJob(api, jobId, 180_000));
      expect(job.state).toBe('completed');
      expect(await ready()).toBe(ITEMS);
      // one thumbnail and one preview per item: a rendition made again after the kill got the same content-named key
      const files = (await listKeys(api)).filter((k) => k.startsWith('renditions/backfill/'));
      expect(files).toHaveLength(2 * ITEMS);
      const named = await q(
        `SELECT f.value ->> 'key' AS key FROM media m, jsonb_each(m.renditions) f WHERE m.storage_key LIKE 'backfill/%'`,
      );
      expect(named.map((r: { key: string }) => r.key).sort()).toEqual(files);
      // nothing left noted as an orphan: every file stored is a row's
      const [{ n }] = await q(
        `SELECT count(*)::int AS n FROM orphan_objects WHERE storage_key LIKE 'renditions/backfill/%'`,
      );
      expect(n).toBe(0);
      await worker!.terminate();
    }, 300_000);
  });
}

if (dbKind === 'postgres') {
  describe('worker process on the database queue (postgres, no Redis) killed mid-population', () => {
    let api: TestApp;
    let build: Awaited<ReturnType<typeof buildBackend>>;
    let logDir: string;
    let worker: WorkerProcess | undefined;
    const q = (sql: string, params?: unknown[]) => api.app.get(DataSource).query(sql, params);

    beforeAll(async () => {
      [build, logDir] = await Promise.all([sharedBuild(), mkdtemp(path.join(os.tmpdir(), 'vibe-worker-log-'))]);
      // no REDIS_URL: jobs are rows of the jobs table, which the worker claims with a lease
      api = await startTestApp({ RUN_JOBS: 'false' });
    });
    afterAll(async () => {
      await worker?.kill();
      await api?.close();
      await rm(logDir, { recursive: true, force: true });
    });

    let starts = 0;
    const spawnWorker = () => {
      worker = startWorker(
        build.dir,
        { DATABASE_URL: api.config.databaseUrl, JOBS_LOCK_MS: '2000', DATA_DIR: logDir },
        path.join(logDir, `worker-${++starts}.log`),
      );
      return worker;
    };

    it('a killed worker’s lease expires and the restarted worker resumes from the checkpoint', async () => {
      const MEDIA = 3000;
      await seedStoredMedia(q, MEDIA);
      const votes = async () => Number((await q(`SELECT votes_inserted FROM population_runs`))[0]?.votes_inserted ?? 0);
      const started = await asAdmin(api).post('/api/admin/populate-votes').expect(202);
      spawnWorker();
      await eventually(async () => (await votes()) > 0, 'the first checkpoint');
      await worker!.kill();
      const atKill = await populationFacts(q);
      expectConsistent(atKill);
      expect(atKill.run.media_processed).toBeLessThan(MEDIA);
      const [held] = await q(`SELECT state, locked_by FROM jobs WHERE id = $1`, [started.body.jobId]);
      expect(held).toMatchObject({ state: 'active' }); // still leased to the dead process

      spawnWorker();
      const job = await waitForJob(api, started.body.jobId, 120_000);
      expect(job.state).toBe('completed');
      expect(job.attemptsMade).toBe(2); // the take-over counts as a second run
      const done = await populationFacts(q);
      expectConsistent(done);
      expect(done.run.media_processed).toBe(MEDIA);
      const before = new Map(atKill.media.map((m) => [m.id, m.seeded]));
      for (const m of done.media) if (before.get(m.id)) expect(m.seeded).toBe(before.get(m.id));
      await worker!.terminate();
    });
  });
}
