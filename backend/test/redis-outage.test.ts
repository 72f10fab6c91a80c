import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { asAdmin } from './support/admin.js';
import path from 'node:path';
import request from 'supertest';
import { parse, valueOf } from './support/prometheus.js';
import { haveRedisServer, type PrivateRedis, startPrivateRedis } from './support/redis-server.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { buildBackend, startWorker, uniquePrefix, type WorkerProcess } from './support/worker-process.js';

/**
 * Redis going away (the throttle counters and the job queues live there). Decided behaviour:
 * visitor routes keep working (the flood guard fails open and logs a warning), readiness stays
 * 200 and reports Redis `degraded` (a load balancer must not pull every replica for a Redis blip), job routes answer 503 at once, and every process still shuts down cleanly.
 * Each test runs its own redis-server on a spare port and stops it; the machine's Redis is never touched.
 */
const METRICS_TOKEN = 'redis-outage-metrics-token';

describe.runIf(haveRedisServer)(`Redis outage (${dbKind})`, () => {
  let redis: PrivateRedis;
  let t: TestApp;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    t = await startTestApp({
      REDIS_URL: redis.url,
      JOBS_PREFIX: uniquePrefix('outage'),
      RUN_JOBS: 'false',
      RATE_LIMIT_PER_MINUTE: '5',
      METRICS_TOKEN,
    });
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('visitor routes keep answering while Redis is down; readiness stays 200 reporting Redis degraded; the limit is back with Redis', async () => {
    expect((await request(t.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok' });
    expect((await asAdmin(t).get('/api/health').expect(200)).body.details.redis.status).toBe('up');
    await request(t.server).get('/api/idle-redirect-config').expect(200);

    await redis.stop();
    for (let i = 0; i < 8; i++) await request(t.server).get('/api/idle-redirect-config').expect(200);
    expect((await request(t.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'degraded' });
    // the monitoring report says why, and the job queues cannot be read
    const report = await asAdmin(t).get('/api/health').expect(200);
    expect(report.body.details.redis).toMatchObject({
      status: 'degraded',
      message: expect.stringMatching(/^Redis is unreachable/),
    });
    expect(report.body.details.database.status).toBe('up');
    expect(report.body.details.jobs.queues).toMatchObject({ error: expect.stringMatching(/Redis/) });

    await redis.start();
    // counting resumes once the client has reconnected: the sixth request in the minute is refused
    const deadline = Date.now() + 30_000;
    while ((await request(t.server).get('/api/health/ready')).body.status !== 'ok') {
      if (Date.now() > deadline) throw new Error('health did not recover after Redis came back');
      await new Promise((r) => setTimeout(r, 100));
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request(t.server).get('/api/idle-redirect-config')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('health and metrics ask Redis themselves, not what the last request saw: down with no request in between, up once it answers', async () => {
    const redisUp = async () =>
      valueOf(
        parse(
          (await request(t.server).get('/api/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200))
            .text,
        ),
        'vibe_dependency_up',
        { dependency: 'redis' },
      );
    let stopped = false;
    try {
      expect(await redisUp()).toBe(1);
      await redis.stop();
      stopped = true;
      expect(await redisUp()).toBe(0);
      const report = await request(t.server)
        .get('/api/health')
        .set('Authorization', `Bearer ${METRICS_TOKEN}`)
        .expect(200);
      expect(report.body.details.redis.status).toBe('degraded');
      await redis.start();
      stopped = false;
      const deadline = Date.now() + 30_000;
      while ((await redisUp()) !== 1) {
        if (Date.now() > deadline) throw new Error('vibe_dependency_up{redis} did not come back');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      if (stopped) await redis.start();
    }
  });

  it('a job route answers 503 with the JSON error while Redis is down', async () => {
    await redis.stop();
    try {
      const res = await asAdmin(t).post('/api/admin/import-media').expect(503);
      expect(res.body).toMatchObject({ statusCode: 503, error: 'unavailable' });
      expect(res.body.message).toMatch(/job queue/i);
      const read = await asAdmin(t).get('/api/admin/jobs/import-media-00000000').expect(503);
      expect(read.body.error).toBe('unavailable');
      const list = await asAdmin(t).get('/api/admin/jobs?limit=5').expect(503);
      expect(list.body.error).toBe('unavailable');
    } finally {
      await redis.start();
    }
  });

  it('an API process shuts down while Redis is down', async () => {
    const other = await startTestApp({ REDIS_URL: redis.url, JOBS_PREFIX: uniquePrefix('outage'), RUN_JOBS: 'false' });
    await request(other.server).get('/api/idle-redirect-config').expect(200);
    await redis.stop();
    try {
      // noticed, and still ready
      expect((await request(other.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'degraded' });
      await other.close(); // resolves: no hook waits for Redis to come back
    } finally {
      await redis.start();
    }
  });
});

if (dbKind === 'postgres') {
  describe.runIf(haveRedisServer)('worker process with Redis down (postgres)', () => {
    let redis: PrivateRedis;
    let api: TestApp;
    let build: Awaited<ReturnType<typeof buildBackend>>;
    let logDir: string;
    let worker: WorkerProcess | undefined;

    beforeAll(async () => {
      [redis, build, logDir] = await Promise.all([
        startPrivateRedis(),
        buildBackend(),
        mkdtemp(path.join(os.tmpdir(), 'vibe-outage-')),
      ]);
      api = await startTestApp({ RUN_JOBS: 'false' }); // migrates the database the worker uses
    });
    afterAll(async () => {
      await worker?.kill(); // only if the test failed with it still running
      await api?.close();
      await redis?.stop();
      await build?.remove();
      await rm(logDir, { recursive: true, force: true });
    });

    it('logs one line when Redis goes away and one when it is back, however many reconnects fail in between', async () => {
      const w = startWorker(
        build.dir,
        {
          DATABASE_URL: api.config.databaseUrl,
          REDIS_URL: redis.url,
          JOBS_PREFIX: uniquePrefix('outage-log'),
          DATA_DIR: logDir,
          LOG_LEVEL: 'info',
        },
        path.join(logDir, 'worker-outage.log'),
      );
      worker = w;
      const until = async (what: string, done: () => Promise<boolean>) => {
        const deadline = Date.now() + 60_000;
        while (!(await done())) {
          if (w.child.exitCode !== null) throw new Error(`worker exited early:\n${await w.log()}`);
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${await w.log()}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      await until('the worker to start', async () => /Worker running jobs/.test(await w.log()));
      await redis.stop();
      // six queues' workers keep reconnecting (and failing) for a few seconds
      await until('the outage line', async () => (await w.lines()).some((l) => l.outage === 'started' && !l.context));
      await new Promise((r) => setTimeout(r, 3_000));
      await redis.start();
      await until('the recovery line', async () => (await w.lines()).some((l) => l.outage === 'ended' && !l.context));
      await new Promise((r) => setTimeout(r, 1_500)); // nothing more comes
      const lines = await w.lines();
      // the outage log's two lines; what else noted the outage (the quota budget) did so once each way too
      const outage = lines.filter((l) => l.outage);
      expect(outage.filter((l) => !l.context).map((l) => [l.level, l.dependency, l.outage, l.msg])).toEqual([
        [50, 'redis', 'started', 'redis is unavailable'],
        [30, 'redis', 'ended', 'redis is available again'],
      ]);
      const sources = outage.map((l) => `${String(l.context)} ${String(l.outage)}`);
      expect(sources).toEqual([...new Set(sources)]);
      // one stack for the whole outage: the failed reconnects are not logged each
      expect(lines.filter((l) => l.err)).toHaveLength(1);
      expect(lines.filter((l) => (l.level as number) >= 50)).toHaveLength(1);
      const code = await w.terminate();
      expect(code === 0 || w.child.signalCode === 'SIGTERM').toBe(true);
    });

    it('exits on SIGTERM while Redis is unreachable', async () => {
      worker = startWorker(
        build.dir,
        {
          DATABASE_URL: api.config.databaseUrl,
          REDIS_URL: redis.url,
          JOBS_PREFIX: uniquePrefix('outage-worker'),
          DATA_DIR: logDir,
          LOG_LEVEL: 'info',
        },
        path.join(logDir, 'worker.log'),
      );
      const deadline = Date.now() + 60_000;
      const w = worker;
      while (!/Worker running jobs/.test(await w.log())) {
        if (w.child.exitCode !== null) throw new Error(`worker exited early:\n${await w.log()}`);
        if (Date.now() > deadline) throw new Error(`worker did not start:\n${await w.log()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await redis.stop();
      await new Promise((r) => setTimeout(r, 500)); // the worker notices the lost connection
      const exited = new Promise<number | null>((resolve) => w.child.once('exit', (code) => resolve(code)));
      w.child.kill('SIGTERM');
      // a hang here is the bug: the test's own timeout fails it
      const code = await exited;
      expect(code === 0 || w.child.signalCode === 'SIGTERM').toBe(true);
      expect(await w.log()).toMatch(/Redis is unreachable: closing the worker without waiting for it/);
      await redis.start();
    });
  });
}
