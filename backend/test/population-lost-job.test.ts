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
    }, 120_000);
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
          return s.jobId !== started.body.jobId && s;
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
