import { DataSource } from 'typeorm';
import {
  eventually,
  expectConsistent,
  populationFacts,
  insertMediaRows as seedStoredMedia,
  waitForJob,
} from './support/jobs.js';
import { asAdmin } from './support/admin.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { dropQueues, testRedisUrl, uniquePrefix } from './support/worker-process.js';

const queryOf = (t: TestApp) => (sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params);
/** Enough checkpoints that the job is lost well before the end (PGlite is the slower engine). */
const MEDIA = dbKind === 'pglite' ? 1500 : 3000;
/** The shortest lease there is: a run with no checkpoint for this long and no job is taken as lost. */
const LOCK = { JOBS_LOCK_MS: '1000' };

/**
 * Issue 20: "A population whose job vanished from the queue can be stopped or resumes by itself".
 * The queue loses the job of a running population (Redis emptied, the job's row deleted): its
 * status read then finds no job and no checkpoint for longer than the job lock, and queues a new
 * segment that resumes from the last checkpoint; Stop works on it as on any running population.
 */
function lostJobSuite(label: string, env: () => Record<string, string>, loseJobs: (t: TestApp) => Promise<void>) {
  describe(`a population whose job vanished from the queue (${dbKind}, ${label})`, () => {
    let t: TestApp;
    let idle: TestApp;
    const q = (sql: string, params?: unknown[]) => queryOf(t)(sql, params);
    beforeAll(async () => {
      t = await startTestApp({ ...env(), ...LOCK });
      await seedStoredMedia(q, MEDIA);
    }, 240_000);
    afterAll(async () => {
      await idle?.close();
      await t?.close();
    });

    it('resumes from its last checkpoint in a new job once the lost one is noticed, and ends complete with nothing twice', async () => {
      const started = await asAdmin(t).post('/api/admin/populate-votes').expect(202);
      await eventually(
        async () => Number((await q(`SELECT votes_inserted FROM population_runs`))[0].votes_inserted) > 0,
        'the first checkpoint',
      );
      await loseJobs(t);
      // the page polls the status: it says running, then carries on under a new job of the next segment
      const resumed = await eventually(
        async () => {
          const s = (await asAdmin(t).get('/api/admin/populate-votes').expect(200)).body;
          // (between the new segment and its queued job the run briefly has no job id)
          return typeof s.jobId === 'string' && s.jobId !== started.body.jobId && s;
        },
        'a new job for the run',
        60_000,
      );
      expect(resumed).toMatchObject({ state: 'running', success: true });
      expect(resumed.jobId).toMatch(/^populate-votes-r\d+-s2$/);
      const job = await waitForJob(t, resumed.jobId, 180_000);
      expect(job.state).toBe('completed');
      const done = await populationFacts(q);
      expectConsistent(done);
      expect(done.run.state).toBe('completed');
      expect(done.run.media_processed).toBe(MEDIA);
      expect(job.result).toMatchObject({ state: 'completed', totalVotesInserted: done.seeded_votes });
    }, 300_000);

    it('with nobody reading the status, the process that runs jobs notices the loss itself and resumes the run', async () => {
      const started = await asAdmin(t)
        .post('/api/admin/populate-votes')
        .send({ action: 'start', confirmAgain: true })
        .expect(202);
      const run = async () =>
        (await q(`SELECT id, segment, job_id, votes_inserted FROM population_runs ORDER BY id DESC LIMIT 1`))[0];
      await eventually(async () => Number((await run()).votes_inserted) > 0, 'the first checkpoint');
      await loseJobs(t);
      // no GET /api/admin/populate-votes here: only the process's own check can move the run on
      const moved = await eventually(
        async () => {
          const r = await run();
          return r.segment === 2 && r.job_id && r;
        },
        'the run resumed in its next segment',
        60_000,
      );
      expect(moved.job_id).not.toBe(started.body.jobId);
      const job = await waitForJob(t, moved.job_id, 180_000);
      expect(job.state).toBe('completed');
      // the second population over the same media: every media got one more set, tallies equal their rows
      const done = await populationFacts(q);
      expect(done.run).toMatchObject({ state: 'completed', media_processed: MEDIA });
      expect(job.result).toMatchObject({ state: 'completed', mediaProcessed: MEDIA });
      for (const m of done.media)
        expect({ id: m.id, votes: m.total_votes, views: m.total_views }).toEqual({
          id: m.id,
          votes: m.votes,
          views: m.views,
        });
    }, 300_000);

    it('Stop ends a running population whose job is gone', async () => {
      // an app that runs no jobs: the run stays running with its job waiting, then the queue loses it
      idle = await startTestApp({ ...env(), ...LOCK, RUN_JOBS: 'false' });
      await seedStoredMedia(queryOf(idle), 5);
      const started = await asAdmin(idle).post('/api/admin/populate-votes').expect(202);
      await loseJobs(idle);
      await asAdmin(idle).get(`/api/admin/jobs/${started.body.jobId}`).expect(404);
      const stopped = await asAdmin(idle).post('/api/admin/populate-votes').send({ action: 'stop' }).expect(200);
      expect(stopped.body).toMatchObject({ state: 'stopped', success: true });
      const status = (await asAdmin(idle).get('/api/admin/populate-votes').expect(200)).body;
      expect(status.state).toBe('stopped');
      expect(status.message).toMatch(/^Population stopped after 0 votes on 0 of 5 media/);
    }, 180_000);
  });
}

lostJobSuite(
  'database job queue: the job row is deleted',
  () => ({}),
  async (t) => {
    await queryOf(t)(`DELETE FROM jobs WHERE name = 'populate-votes'`);
  },
);

// PostgreSQL and PGlite alike, wherever the run has Redis (CI has it on both passes)
const redisUrl = testRedisUrl;
if (redisUrl) {
  const prefixes: string[] = [];
  lostJobSuite(
    'BullMQ: every key of the queue is removed from Redis, as FLUSHALL would',
    () => {
      const prefix = uniquePrefix('lost-job');
      prefixes.push(prefix);
      return { REDIS_URL: redisUrl, JOBS_PREFIX: prefix };
    },
    async (t) => dropQueues(redisUrl, t.config.jobsPrefix),
  );
  afterAll(async () => {
    for (const prefix of prefixes) await dropQueues(redisUrl, prefix);
  });
}
