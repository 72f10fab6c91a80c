import { WorkerHost } from '@nestjs/bullmq';
import { DiscoveryService } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { jobNames } from '../src/platform/jobs/on-job.js';
import {
  expectConsistent,
  populationFacts,
  putObject,
  insertMediaRows as seedStoredMedia,
  waitForJob,
} from './support/jobs.js';
import { seededPng as png } from './fixtures/media-fixtures.js';
import { asAdmin } from './support/admin.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { dropQueues, testRedisUrl, uniquePrefix } from './support/worker-process.js';

const queryOf = (t: TestApp) => (sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params);

describe.runIf(testRedisUrl)(`jobs on BullMQ (${dbKind}, Redis)`, () => {
  const redisUrl = testRedisUrl!;
  const prefix = uniquePrefix('bullmq');
  let s3: TestS3;
  let api: TestApp;
  let replica: TestApp;

  beforeAll(async () => {
    s3 = await startS3();
    // the API runs the handlers itself (RUN_JOBS default); the replica only enqueues and reads
    api = await startTestApp({ ...s3.env, REDIS_URL: redisUrl, JOBS_PREFIX: prefix });
    replica = await startTestApp({ ...s3.env, REDIS_URL: redisUrl, JOBS_PREFIX: prefix, RUN_JOBS: 'false' });
  });
  afterAll(async () => {
    await replica?.close();
    await api?.close();
    await s3?.close();
    await dropQueues(redisUrl, prefix);
  });

  it('every queue’s worker takes a dead worker’s job over about JOBS_LOCK_MS after its last lock renewal, not twice that', () => {
    const workers = api.app
      .get(DiscoveryService, { strict: false })
      .getProviders()
      .map((p) => p.instance as unknown)
      .filter((i): i is WorkerHost => i instanceof WorkerHost)
      .map((host) => host.worker);
    expect(workers.map((w) => w.name).sort()).toEqual(jobNames());
    const lock = api.config.jobsLockMs;
    for (const w of workers) {
      const { lockDuration, stalledInterval, lockRenewTime } = w.opts;
      expect(lockDuration, w.name).toBe(lock);
      // a killed worker's lock lapses within lockDuration; the next stalled check (every quarter lock) finds it
      expect(stalledInterval, w.name).toBeLessThanOrEqual(lock / 4);
      expect(lockDuration! + stalledInterval!, w.name).toBeLessThanOrEqual(lock * 1.25);
      // a live worker renews well before its lock lapses, so a slow job is never taken from it
      expect(lockRenewTime, w.name).toBeLessThanOrEqual(lock / 2);
    }
  });

  it('imports through a BullMQ job, and any replica reads its state from Redis', async () => {
    await putObject(api, 'bq/a.png', await png(1), 'image/png');
    await putObject(api, 'bq/b.png', await png(2), 'image/png');
    await putObject(api, 'bq/readme.txt', 'text');
    const started = await asAdmin(api).post('/api/admin/import-media').expect(202);
    expect(started.body.jobId).toMatch(/^import-media-/);
    const job = await waitForJob(api, started.body.jobId);
    expect(job).toMatchObject({
      state: 'completed',
      error: null,
      result: { imported: 2, skipped: 1, errors: 0, totalFiles: 3 },
    });
    expect(job.progress).toMatchObject({ percent: 100, imported: 2 });

    // another API replica (its own database here) answers the same job from Redis
    const elsewhere = await asAdmin(replica).get(`/api/admin/jobs/${started.body.jobId}`).expect(200);
    expect(elsewhere.body).toEqual(job);
    expect(await queryOf(api)(`SELECT count(*)::int AS n FROM jobs`)).toEqual([{ n: 0 }]); // nothing kept in the jobs table
    // the jobs indicator of any replica lists it, finished, with its result
    const listed = await asAdmin(replica).get('/api/admin/jobs').expect(200);
    expect(listed.body).toEqual([job]);
  });

  it('populates votes through a BullMQ job with the same guarantees', async () => {
    await seedStoredMedia(queryOf(api), 60);
    const started = await asAdmin(api).post('/api/admin/populate-votes').expect(202);
    const job = await waitForJob(api, started.body.jobId);
    expect(job.state).toBe('completed');
    const f = await populationFacts(queryOf(api));
    expectConsistent(f);
    expect(job.result).toMatchObject({ state: 'completed', mediaProcessed: 62, totalVotesInserted: f.seeded_votes });
  });

  it('a job started twice while it waits is one job: the second start answers 409 job_running (BullMQ de-duplication)', async () => {
    // the replica runs no handlers and has a queue prefix of its own, so the job stays waiting
    const lonely = await startTestApp({ REDIS_URL: redisUrl, JOBS_PREFIX: `${prefix}-idle`, RUN_JOBS: 'false' });
    try {
      const a = await asAdmin(lonely).post('/api/admin/import-media').expect(202);
      const b = await asAdmin(lonely).post('/api/admin/import-media').expect(409);
      expect(b.body).toEqual({
        statusCode: 409,
        error: 'job_running',
        message: 'import-media is already running',
        jobId: a.body.jobId,
      });
      const s1 = await asAdmin(lonely).get('/api/admin/find-duplicates').expect(202);
      const s2 = await asAdmin(lonely).get('/api/admin/find-duplicates').expect(409);
      expect(s2.body).toMatchObject({ error: 'job_running', jobId: s1.body.jobId });
      await seedStoredMedia(queryOf(lonely), 3);
      const p1 = await asAdmin(lonely).post('/api/admin/populate-votes').expect(202);
      const p2 = await asAdmin(lonely).post('/api/admin/populate-votes').expect(409);
      expect(p2.body).toMatchObject({
        error: 'job_running',
        message: 'populate-votes is already running',
        jobId: p1.body.jobId,
      });
      // the jobs indicator lists the three waiting jobs, newest first
      const listed = await asAdmin(lonely).get('/api/admin/jobs?limit=10').expect(200);
      expect(listed.body.map((j: { id: string }) => j.id)).toEqual([p1.body.jobId, s1.body.jobId, a.body.jobId]);
      expect(listed.body.every((j: { state: string }) => j.state === 'waiting')).toBe(true);
      expect(await queryOf(lonely)(`SELECT count(*)::int AS n FROM population_runs`)).toEqual([{ n: 1 }]);
      const res = await asAdmin(lonely).get(`/api/admin/jobs/${p1.body.jobId}`).expect(200);
      expect(res.body).toMatchObject({ name: 'populate-votes', state: 'waiting', result: null });
    } finally {
      await lonely.close();
      await dropQueues(redisUrl, `${prefix}-idle`);
    }
  });
});
