import 'reflect-metadata';
import os from 'node:os';
import { type DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig, loadConfigOrExit } from './config/env.js';
import { AccountModule } from './modules/account/account.module.js';
import { BackupsModule } from './modules/backups/backups.module.js';
import { BucketModule } from './modules/bucket/bucket.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { SessionModule } from './modules/session/session.module.js';
import { PopulationModule } from './modules/voting/population/population.module.js';
import { CoreModule } from './platform/core.module.js';
import { BudgetModule } from './platform/budget/budget.module.js';
import { JobsModule } from './platform/jobs/jobs.module.js';
import { LoggingModule } from './platform/logging/logging.module.js';
import { PinoNestLogger } from './platform/logging/nest-logger.js';
import { createRootLogger, ROOT_LOGGER, type RootLogger } from './platform/logging/root-logger.js';
import { MailModule } from './platform/mail/mail.module.js';
import { MetricsModule } from './platform/metrics/metrics.module.js';
import { stopOnSignals } from './platform/process-life.js';
import { StorageModule } from './platform/storage/storage.module.js';

/** The job handlers (and the magic-link mail sender, the reverse geocoding loop) without HTTP: the same modules the API runs, minus the web side. */
@Module({})
export class WorkerModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        CoreModule.register(config),
        BudgetModule.register(config),
        LoggingModule.register(config.logLevel),
        StorageModule,
        JobsModule.register(config),
        BucketModule,
        PopulationModule,
        // the hourly orphan sweep runs where jobs run (once per deployment, see OrphanSweep)
        MediaModule,
        // the scheduled database backups run where jobs run (once per deployment, see BackupSchedule)
        BackupsModule,
        // magic-link mail waits in the database: the worker sends it when the API does not run jobs
        MailModule.register(config),
        SessionModule,
        // the users list's place names are looked up in the background, here when the API runs no jobs
        UsersModule,
        // account deletions run where jobs run
        AccountModule,
        // its own metrics, on METRICS_PORT (a worker serves no other HTTP)
        MetricsModule.register('worker'),
      ],
    };
  }
}

async function bootstrap(): Promise<void> {
  const loaded = loadConfigOrExit();
  // a worker has no requests to answer: renditions may take every core but one
  const config = Object.assign(loaded, {
    runJobs: true,
    renditionConcurrency: loaded.renditionConcurrency ?? Math.max(1, os.availableParallelism() - 1),
  });
  if (!config.databaseUrl) {
    // PGlite lives in one process: in embedded mode the API runs the jobs itself
    createRootLogger(config.logLevel).fatal(
      'The worker needs DATABASE_URL (PostgreSQL). Without it, the API process runs the jobs (RUN_JOBS defaults to true).',
    );
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config), {
    // JSON lines from the first one: a start that fails (a refused schema) says why in the same format
    logger: new PinoNestLogger(createRootLogger(config.logLevel)),
  });
  app.useLogger(app.get(PinoNestLogger));
  // SIGTERM/SIGINT: running jobs stop at their next checkpoint and go back to the queue
  stopOnSignals(app, app.get<RootLogger>(ROOT_LOGGER), 'worker');
  await app.init();
  app
    .get(PinoNestLogger)
    .log({ msg: `Worker running jobs (${config.redisUrl ? 'BullMQ' : 'database queue'})`, lifecycle: 'started' });
}

void bootstrap();
