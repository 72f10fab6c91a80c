import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { seededPng as png, upload } from './fixtures/media-fixtures.js';
import path from 'node:path';
import { Queue } from 'bullmq';
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
import { redisConnection } from '../src/platform/jobs/bullmq-job-queue.js';
import { jobNames } from '../src/platform/jobs/on-job.js';
import { asAdmin } from './support/admin.js';
import { freePort } from './support/api-process.js';
import { has, parse, type Sample, valueOf } from './support/prometheus.js';
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
import { newVisitor } from './support/visitor.js';
import { RENDITIONS_VERSION } from '../src/modules/media/domain/renditions.js';

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
      // the earlier tests' rows (population seeds without files, imports) are not this backfill's to walk
      // (stamped current: the backfill also walks items an older pipeline made)
      await q(
        `UPDATE media SET renditions_state = 'failed', renditions_version = $1
         WHERE renditions_state = 'pending' OR renditions_version < $1`,
        [RENDITIONS_VERSION],
      );
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
      const started = await asAdmin(api).post('/api/admin/media/renditions').send({});
      // a worker's start may have queued the backfill already (the upgrade job, one per
      // deployment): the answer is then 409 with that job's id, which walks these items as well
      expect([202, 409]).toContain(started.status);
      const jobId = started.body.jobId as string;
      expect(jobId).toMatch(/^generate-renditions-/);
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

if (dbKind === 'postgres') {
  describe.runIf(testRedisUrl)('the worker’s own metrics on METRICS_PORT (postgres, BullMQ)', () => {
    const redisUrl = testRedisUrl!;
    const prefix = uniquePrefix('worker-metrics');
    const TOKEN = 'worker-metrics-token-0123456789';
    let s3: TestS3;
    let api: TestApp;
    let build: Awaited<ReturnType<typeof buildBackend>>;
    let logDir: string;
    let port: number;
    let worker: WorkerProcess | undefined;

    beforeAll(async () => {
      [build, s3, logDir] = await Promise.all([
        sharedBuild(),
        startS3(),
        mkdtemp(path.join(os.tmpdir(), 'vibe-worker-metrics-')),
      ]);
      // the API only enqueues (and has no metrics of its own here): every number below is the worker's
      api = await startTestApp({ ...s3.env, REDIS_URL: redisUrl, JOBS_PREFIX: prefix, RUN_JOBS: 'false' });
      port = await freePort(); // after the servers above took theirs
    });
    afterAll(async () => {
      await worker?.kill();
      await api?.close();
      await s3?.close();
      await dropQueues(redisUrl, prefix);
      await rm(logDir, { recursive: true, force: true });
    });

    let starts = 0;
    /** A worker as compose runs it with METRICS_PORT set (the monitoring overlay's 9464, a free port here). */
    const startMetricsWorker = async (env: Record<string, string>) => {
      worker = startWorker(
        build.dir,
        {
          DATABASE_URL: api.config.databaseUrl,
          REDIS_URL: redisUrl,
          JOBS_PREFIX: prefix,
          DATA_DIR: logDir,
          LOG_LEVEL: 'info',
          LISTEN_ADDRESS: '127.0.0.1',
          ...s3.env,
          ...env,
        },
        path.join(logDir, `worker-${++starts}.log`),
      );
      const w = worker;
      await eventually(
        async () => {
          if (w.child.exitCode !== null) throw new Error(`the worker exited ${w.child.exitCode}:\n${await w.log()}`);
          return /Worker running jobs/.test(await w.log());
        },
        'the worker to start',
        120_000,
      );
      return w;
    };
    const refused = (url: string) =>
      new Promise<string>((resolve) => {
        http
          .get(url, (res) => {
            res.resume();
            resolve(`answered ${res.statusCode}`);
          })
          .on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });

    it('with METRICS_TOKEN: a scrape needs the bearer token; job runs are counted and timed by queue and outcome', async () => {
      const w = await startMetricsWorker({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
      const url = `http://127.0.0.1:${port}/metrics`;
      expect(await w.log()).toMatch(new RegExp(`Metrics on port ${port} at /metrics`));

      // no token, a wrong one, the admin's Basic credentials: 401 in the API's error shape, no series
      for (const authorization of [
        undefined,
        `Bearer ${TOKEN}x`,
        `Basic ${Buffer.from('admin:x').toString('base64')}`,
      ]) {
        const res = await fetch(url, { headers: authorization ? { authorization } : {} });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        const text = await res.text();
        expect(JSON.parse(text)).toMatchObject({ statusCode: 401, error: 'unauthenticated' });
        expect(text).not.toContain('vibe_');
      }
      const auth = { authorization: `Bearer ${TOKEN}` };
      expect((await fetch(url, { method: 'POST', headers: auth })).status).toBe(405);
      expect((await fetch(`http://127.0.0.1:${port}/`, { headers: auth })).status).toBe(404);

      const scrape = async () => {
        const res = await fetch(url, { headers: auth });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        return parse(await res.text());
      };
      const before = await scrape();
      // the worker's own series: every one says so (the API's are scraped apart)
      expect(before.every((s) => s.labels.process === 'worker')).toBe(true);
      expect(valueOf(before, 'vibe_build_info', { process: 'worker' })).toBe(1);
      expect(has(before, 'process_resident_memory_bytes')).toBe(true);
      expect(valueOf(before, 'vibe_job_runners', { state: 'alive' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(before, 'vibe_dependency_up', { dependency: 'redis' })).toBe(1);

      const completed = { queue: 'make-renditions', outcome: 'completed' };
      const failed = { queue: 'make-renditions', outcome: 'failed' };
      const count = (s: Sample[], labels: Record<string, string>) =>
        valueOf(s, 'vibe_job_duration_seconds_count', labels) -
        valueOf(before, 'vibe_job_duration_seconds_count', labels);

      // two uploads: the API queues a rendition job for each, the worker runs them
      const owner = await newVisitor(api);
      for (const seed of [1, 2]) await upload(owner, await png(seed), `m${seed}.png`).expect(201);
      // and a job whose handler throws (a media id beyond the database's integer range), one attempt only
      const queue = new Queue('make-renditions', { connection: redisConnection(redisUrl), prefix });
      try {
        await queue.add(
          'make-renditions',
          { mediaId: 2 ** 40 },
          { jobId: 'make-renditions-metrics-fail', attempts: 1 },
        );
      } finally {
        await queue.close();
      }

      const after = await withWorkerLog(
        w,
        eventually(async () => {
          const s = await scrape();
          return count(s, completed) >= 2 && count(s, failed) >= 1 && s;
        }, 'the worker to count two completed runs and one failed run'),
      );
      expect(count(after, completed)).toBe(2);
      expect(count(after, failed)).toBe(1);
      // no other queue ran anything
      for (const name of jobNames().filter((n) => n !== 'make-renditions'))
        expect(count(after, { queue: name }), name).toBe(0);
      // a histogram Prometheus can read: +Inf holds every run, the buckets never decrease, time was spent
      for (const labels of [completed, failed]) {
        const buckets = after
          .filter(
            (s) =>
              s.name === 'vibe_job_duration_seconds_bucket' &&
              s.labels.queue === labels.queue &&
              s.labels.outcome === labels.outcome,
          )
          .map((s) => s.value);
        expect(buckets.length).toBeGreaterThan(5);
        expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
        expect(buckets.at(-1)).toBe(valueOf(after, 'vibe_job_duration_seconds_count', labels));
      }
      expect(valueOf(after, 'vibe_job_duration_seconds_sum', completed)).toBeGreaterThan(
        valueOf(before, 'vibe_job_duration_seconds_sum', completed),
      );
      // the failure is kept in its queue, which the worker reads at each scrape
      // (the queue counts are read once per scrape and kept for a second)
      await eventually(
        async () => valueOf(await scrape(), 'vibe_jobs', { queue: 'make-renditions', state: 'failed' }) >= 1,
        'the kept failure in vibe_jobs',
      );
      // the job events as an operator's log collector reads them: JSON lines with structured fields
      // (and nothing else on the worker's output)
      const lines = await w.lines();
      const events = (job: string) => lines.filter((l) => l.job === job).map((l) => l.event);
      const renditionJobs = [...new Set(lines.filter((l) => l.jobName === 'make-renditions').map((l) => l.job))];
      for (const job of renditionJobs.filter((j) => j !== 'make-renditions-metrics-fail'))
        expect(events(job as string), String(job)).toEqual(['started', 'completed']);
      expect(events('make-renditions-metrics-fail')).toEqual(['started', 'failed', 'given-up']);
      const completedLine = lines.find((l) => l.event === 'completed');
      expect(completedLine).toMatchObject({ level: 30, jobName: 'make-renditions', attempt: 1 });
      expect(typeof completedLine!.seconds).toBe('number');
      // the failure is logged once with err (message and stack), then once as given up (no second stack)
      const failure = lines.find((l) => l.job === 'make-renditions-metrics-fail' && l.event === 'failed')!;
      expect(failure).toMatchObject({ level: 40, jobName: 'make-renditions', attempt: 1, replica: expect.any(String) });
      expect((failure.err as { stack?: string }).stack).toMatch(/\n\s+at /);
      expect(lines.filter((l) => l.err)).toHaveLength(1);
      expect(lines.find((l) => l.event === 'given-up')).toMatchObject({
        level: 50,
        job: 'make-renditions-metrics-fail',
        reason: (failure.err as { message: string }).message,
      });
      await w.terminate();
      expect(await refused(url)).toBe('ECONNREFUSED'); // closed with the worker
    });

    it('without METRICS_TOKEN the port answers token-free, on LISTEN_ADDRESS only; without METRICS_PORT the worker has no listener', async () => {
      const w = await startMetricsWorker({ METRICS_PORT: String(port) });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(valueOf(parse(await res.text()), 'vibe_build_info', { process: 'worker' })).toBe(1);
      // bound to 127.0.0.1, not every address
      expect(await refused(`http://127.0.0.2:${port}/metrics`)).toBe('ECONNREFUSED');
      await w.terminate();

      const quiet = await startMetricsWorker({ METRICS_TOKEN: TOKEN });
      expect(await quiet.log()).not.toMatch(/Metrics on port/);
      expect(await refused(`http://127.0.0.1:${port}/metrics`)).toBe('ECONNREFUSED');
      await quiet.terminate();
    });
  });
}

async function withWorkerLog<T>(w: WorkerProcess, what: Promise<T>): Promise<T> {
  try {
    return await what;
  } catch (err) {
    throw new Error(`${(err as Error).message}\n--- worker log ---\n${await w.log()}`, { cause: err });
  }
}
