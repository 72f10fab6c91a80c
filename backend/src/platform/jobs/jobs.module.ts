import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../../config/env.js';
import { bullmqProcessor, BullmqJobQueue, defaultJobOptions, redisConnection } from './bullmq-job-queue.js';
import { DatabaseJobQueue } from './database-job-queue.js';
import { JobHandlers } from './job-handlers.js';
import { JobRunObservers } from './job-run-observers.js';
import { JobQueue } from './job-queue.js';
import { jobNames } from './on-job.js';
import { JobsController } from './jobs.controller.js';
import { JobsHeartbeat } from './jobs-heartbeat.js';
import { RunningJobs } from './running-jobs.js';

/**
 * JobQueue port: BullMQ when REDIS_URL is set, DatabaseJobQueue (the `jobs` table) otherwise. Both run
 * the same handlers: the classes marked `@OnJob(name)` in the modules' providers (on-job.ts). With RUN_JOBS=false this process
 * only enqueues and reads state; `worker.ts` (or another API process) runs the handlers.
 */
@Global()
@Module({})
export class JobsModule {
  static register(config: AppConfig): DynamicModule {
    const common = [JobHandlers, RunningJobs, JobsHeartbeat, JobRunObservers];
    if (!config.redisUrl) {
      return {
        module: JobsModule,
        imports: [DiscoveryModule],
        controllers: [JobsController],
        providers: [...common, { provide: JobQueue, useClass: DatabaseJobQueue }],
        exports: [JobQueue, JobHandlers, JobRunObservers],
      };
    }
    return {
      module: JobsModule,
      imports: [
        DiscoveryModule,
        BullModule.forRoot({
          connection: redisConnection(config.redisUrl),
          prefix: config.jobsPrefix,
          defaultJobOptions,
        }),
        // enqueue and read fail at once while Redis is away (a 503), instead of waiting for it
        BullModule.registerQueue(
          ...jobNames().map((name) => ({
            name,
            connection: { ...redisConnection(config.redisUrl!), enableOfflineQueue: false },
          })),
        ),
      ],
      controllers: [JobsController],
      providers: [
        ...common,
        { provide: JobQueue, useClass: BullmqJobQueue },
        ...(config.runJobs ? jobNames().map((name) => bullmqProcessor(name, config)) : []),
      ],
      exports: [JobQueue, JobHandlers, JobRunObservers],
    };
  }
}
