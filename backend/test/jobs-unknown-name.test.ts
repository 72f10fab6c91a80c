import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Queue } from 'bullmq';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppModule } from '../src/app.module.js';
import { type AppConfig, loadConfig } from '../src/config/env.js';
import { Database } from '../src/platform/database/sql.js';
import { configureApp } from '../src/platform/http/configure-app.js';
import { redisConnection } from '../src/platform/jobs/bullmq-job-queue.js';
import { createTestDatabase, dbKind, NO_QUOTAS, seedMigratedDataDir } from './support/test-app.js';
import { dropQueues, testRedisUrl, uniquePrefix } from './support/worker-process.js';

/**
 * A job whose name no handler in the process runs would wait for ever (the database queue claims
 * only names it has handlers for; BullMQ has no worker for its queue). A process that runs jobs
 * refuses to start while one is queued, and says which.
 */
describe(`a queued job with no handler stops the start of a process that runs jobs (${dbKind})`, () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | null;
  const prefix = uniquePrefix('ghost');

  const configWith = (env: Record<string, string | undefined>): AppConfig =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url,
      ADMIN_PASSWORD: 'test-admin-password',
      VISITOR_WEB_DIR: path.join(dataDir, 'none'),
      ADMIN_WEB_DIR: path.join(dataDir, 'none'),
      EMBEDDED_DB_FSYNC: 'false',
      ...NO_QUOTAS,
      ...env,
    });
  const create = async (config: AppConfig) => {
    const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
      bodyParser: false,
      logger: ['error'],
      bufferLogs: true,
    });
    configureApp(app);
    return app;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-ghost-'));
    // a copy of the run's migrated database: what is checked is the start's job check, not migrating
    database = process.env.DATABASE_URL ? await createTestDatabase('vibe_ghost', { migrated: true }) : null;
    if (!database) await seedMigratedDataDir(dataDir);
  });
  afterEach(async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('database queue: names the job and starts once it is gone', async () => {
    // a process that runs no jobs starts whatever is queued, and leaves the row there
    const enqueuer = await create(configWith({ RUN_JOBS: 'false' }));
    await enqueuer.init();
    await enqueuer
      .get(Database)
      .write(`INSERT INTO jobs (id, name, max_attempts) VALUES ('ghost-job-1', 'ghost-job', 3)`);
    await enqueuer.close();

    const runner = await create(configWith({}));
    await expect(runner.init()).rejects.toThrow(
      /Refusing to start: the job queue holds 1 "ghost-job" job\(s\) with no handler in this process \(it runs: .*import-media/,
    );
    await runner.close();

    const cleaner = await create(configWith({ RUN_JOBS: 'false' }));
    await cleaner.init();
    await cleaner.get(Database).write(`DELETE FROM jobs WHERE name = 'ghost-job'`);
    await cleaner.close();
    const again = await create(configWith({}));
    await again.init();
    await again.close();
  });

  it.runIf(testRedisUrl)('BullMQ: a queue under JOBS_PREFIX that no handler runs stops the start', async () => {
    const env = { REDIS_URL: testRedisUrl!, JOBS_PREFIX: prefix };
    const ghost = new Queue('ghost-job', { connection: redisConnection(testRedisUrl!), prefix });
    try {
      await ghost.add('ghost-job', {}, { jobId: 'ghost-job-1' });
      const runner = await create(configWith(env));
      await expect(runner.init()).rejects.toThrow(/Refusing to start: the job queue holds 1 "ghost-job" job\(s\)/);
      await runner.close();
      // a process that only enqueues (an API replica with RUN_JOBS=false) is not concerned
      const replica = await create(configWith({ ...env, RUN_JOBS: 'false' }));
      await replica.init();
      await replica.close();
      await ghost.obliterate({ force: true });
      const again = await create(configWith(env));
      await again.init();
      await again.close();
    } finally {
      await ghost.close();
      await dropQueues(testRedisUrl!, prefix);
    }
  });
});
