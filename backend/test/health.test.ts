import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { asAdmin } from './support/admin.js';
import { DataSource } from 'typeorm';
import { startTcpProxy } from './support/tcp-proxy.js';
import { createTestDatabase, dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { buildBackend, startWorker, type WorkerProcess } from './support/worker-process.js';

const backendDir = path.resolve(import.meta.dirname, '..');
const packageVersion = (JSON.parse(readFileSync(path.join(backendDir, 'package.json'), 'utf8')) as { version: string })
  .version;
const commit = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], {
  cwd: backendDir,
  encoding: 'utf8',
}).stdout.trim();

const METRICS_TOKEN = 'health-metrics-token-0123456789';
/** The monitoring report as a monitor reads it: with the metrics token. */
const report = (server: TestApp['server']) =>
  request(server).get('/api/health').set('Authorization', `Bearer ${METRICS_TOKEN}`);

/** Health as a load balancer (live, ready) and as monitoring (the report) read it. */
describe(`health (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN });
  });
  afterAll(() => t.close());

  it('live and ready answer anyone with their status only: no dependency, path, pid or version', async () => {
    expect((await request(t.server).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(t.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok' });
  });

  it('the report needs the admin login or the metrics token: an anonymous client learns no path, pid or queue', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token-at-all', 'Basic YWRtaW46d3Jvbmc=']) {
      const req = request(t.server).get('/api/health');
      const res = await (authorization ? req.set('Authorization', authorization) : req).expect(401);
      expect(res.body).toEqual({
        statusCode: 401,
        error: 'unauthenticated',
        message: authorization?.startsWith('Basic')
          ? expect.any(String)
          : 'The health report needs the admin login or the metrics token',
      });
      expect(res.text).not.toContain(t.dataDir);
      expect(res.text).not.toMatch(/queues|pid|dataDir|import-media/);
    }
    const byAdmin = await asAdmin(t).get('/api/health').expect(200);
    expect(byAdmin.body.details.disk.dataDir.path).toBe(t.dataDir);
    expect((await report(t.server).expect(200)).body.details.jobs.queues).toBeDefined();
  });

  it('the report names the running version, the replica, who runs jobs and every backlog', async () => {
    const res = await report(t.server).expect(200);
    expect(res.body).toMatchObject({
      status: 'ok',
      version: { version: packageVersion, commit },
      replica: os.hostname(),
      details: {
        database: { status: 'up' },
        storage: { status: 'up' },
        mail: { status: 'up' },
        // this process runs jobs (RUN_JOBS defaults to true): its own heartbeat
        jobs: { status: 'up', workers: [expect.objectContaining({ stopped: false })] },
      },
      backlogs: {
        'magic-link-outbox': { count: 0, oldestSeconds: null, failedLastHour: 0 },
        'orphan-objects': { count: 0, oldestSeconds: null },
        renditions: { count: 0, oldestSeconds: null },
      },
    });
    // every job kind has its backlog line; their order is the order handlers were discovered
    expect(res.body.details.jobs.queues.map((q: { name: string }) => q.name).sort()).toEqual([
      'backup-database',
      'delete-account',
      'find-duplicates',
      'generate-renditions',
      'import-media',
      'make-renditions',
      'populate-votes',
      'remove-population',
    ]);
    expect(commit).toMatch(/^[0-9a-f]{12}$/);
  });

  it('says when sign-in mail is stuck (degraded, still 200), and again when it flows', async () => {
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO magic_link_outbox (recipient, username, purpose, token, created_at, next_attempt_at)
       VALUES ('stuck@example.com', 'Someone', 'login', 'tok', now() - interval '5 minutes', now() + interval '1 hour')`,
    );
    try {
      const res = await report(t.server).expect(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.details.mail).toMatchObject({ status: 'degraded', queued: 1 });
      expect(res.body.details.mail.message).toMatch(/^Sign-in mail is not going out: the oldest has waited 3\d\d s/);
      expect(res.body.backlogs['magic-link-outbox']).toMatchObject({ count: 1 });
      expect(res.body.backlogs['magic-link-outbox'].oldestSeconds).toBeGreaterThan(290);
    } finally {
      await db.query(`DELETE FROM magic_link_outbox WHERE recipient = 'stuck@example.com'`);
    }
    expect((await report(t.server).expect(200)).body.details.mail.status).toBe('up');
  });

  it('an API that runs no jobs, with no worker anywhere: jobs degraded, readiness unaffected', async () => {
    const api = await startTestApp({ RUN_JOBS: 'false', METRICS_TOKEN });
    try {
      const res = await report(api.server).expect(200);
      expect(res.body.status).toBe('degraded');
      expect(res.body.details.jobs).toMatchObject({
        status: 'degraded',
        message: 'No process runs jobs or sends sign-in mail: no heartbeat yet (start a worker)',
      });
      expect((await request(api.server).get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok' });
    } finally {
      await api.close();
    }
  });
});

// PostgreSQL only: a separate worker process, and a database that goes away, need a server
if (dbKind === 'postgres') {
  describe('health with a worker and without the database (postgres)', () => {
    let build: Awaited<ReturnType<typeof buildBackend>>;
    let logDir: string;
    beforeAll(async () => {
      [build, logDir] = await Promise.all([buildBackend(), mkdtemp(path.join(os.tmpdir(), 'vibe-health-'))]);
    });
    afterAll(async () => {
      await build?.remove();
      await rm(logDir, { recursive: true, force: true });
    });

    it("the worker's heartbeat makes jobs healthy; stopped or killed, health says so and the compose healthcheck fails", async () => {
      const JOBS_LOCK_MS = '1500';
      const api = await startTestApp({ RUN_JOBS: 'false', JOBS_LOCK_MS, METRICS_TOKEN });
      const env = {
        DATABASE_URL: api.config.databaseUrl,
        DATA_DIR: logDir,
        JOBS_LOCK_MS,
        ADMIN_PASSWORD: 'test-admin-password',
      };
      const workerHealth = () =>
        spawnSync(process.execPath, [path.join(build.dir, 'worker-health.js')], {
          env: { PATH: process.env.PATH, ...env },
          encoding: 'utf8',
        }).status;
      const jobs = async () => (await report(api.server).expect(200)).body.details.jobs;
      const until = async (what: string, ok: () => Promise<boolean>) => {
        const deadline = Date.now() + 60_000;
        while (!(await ok())) {
          if (Date.now() > deadline)
            throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await jobs())}\n${await worker?.log()}`);
          await new Promise((r) => setTimeout(r, 200));
        }
      };
      let worker: WorkerProcess | undefined;
      try {
        expect(workerHealth()).toBe(1); // no worker yet
        worker = startWorker(build.dir, env, path.join(logDir, 'worker-1.log'));
        await until('the heartbeat', async () => (await jobs()).status === 'up');
        expect((await jobs()).workers[0]).toMatchObject({
          id: expect.stringMatching(new RegExp(`^${os.hostname()}:`)),
          stopped: false,
        });
        expect(workerHealth()).toBe(0);

        await worker.terminate(); // SIGTERM: docker compose stop
        const stopped = await jobs();
        expect(stopped.status).toBe('degraded');
        expect(stopped.message).toMatch(
          /^No process runs jobs or sends sign-in mail: the last heartbeat was \d+ s ago \(it stopped\)$/,
        );
        expect(workerHealth()).toBe(1);

        worker = startWorker(build.dir, env, path.join(logDir, 'worker-2.log'));
        await until('the new heartbeat', async () => (await jobs()).status === 'up');
        await worker.kill(); // no shutdown hook: the heartbeat just stops coming
        await until('the heartbeat to go stale', async () => (await jobs()).status === 'degraded');
        expect((await jobs()).message).toMatch(/the last heartbeat was \d+ s ago$/);
        expect(workerHealth()).toBe(1);
      } finally {
        await worker?.kill();
        await api.close();
      }
    }, 180_000);

    it('readiness goes 503 (with Retry-After) without the database and back to 200 with it; live stays 200', async () => {
      const database = await createTestDatabase('vibe_health', { migrated: true });
      const u = new URL(database.url);
      const proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
      u.host = `127.0.0.1:${proxy.port}`;
      const api = await startTestApp({ DATABASE_URL: u.toString(), METRICS_TOKEN });
      try {
        await request(api.server).get('/api/health/ready').expect(200);
        await proxy.cut();
        const down = await request(api.server).get('/api/health/ready').expect(503);
        expect(down.headers['retry-after']).toBe('5');
        expect(down.body).toEqual({ status: 'error' });
        // the token needs no database: the report still answers, and says which dependency is down
        expect((await report(api.server).expect(503)).body.details).toMatchObject({
          database: { status: 'down' },
          storage: { status: 'up' },
        });
        await request(api.server).get('/api/health/live').expect(200);
        await proxy.restore();
        const deadline = Date.now() + 30_000;
        while ((await request(api.server).get('/api/health/ready')).status !== 200)
          if (Date.now() > deadline) throw new Error('readiness did not recover');
      } finally {
        await api.close();
        await proxy.close();
        await database.drop();
      }
    });
  });
}
