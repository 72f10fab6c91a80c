import 'reflect-metadata';
import { type DynamicModule, Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Logger, LoggerModule } from 'nestjs-pino';
import { AppConfig, ConfigError, loadConfig } from './config/env.js';
import { BucketModule } from './modules/bucket/bucket.module.js';
import { PopulationModule } from './modules/voting/population/population.module.js';
import { dataSourceOptions } from './platform/database/data-source-options.js';
import { openDataSource } from './platform/database/migrate.js';
import { JobsModule } from './platform/jobs/jobs.module.js';
import { StorageModule } from './platform/storage/storage.module.js';

@Global()
@Module({})
class WorkerConfigModule {
  static register(config: AppConfig): DynamicModule {
    return { module: WorkerConfigModule, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  }
}

/** The job handlers without HTTP: the same modules the API runs, minus the web side. */
@Module({})
export class WorkerModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        WorkerConfigModule.register(config),
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        // migrations run under the same advisory lock as the API's, so api and worker may start together
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(config),
          dataSourceFactory: (options) => openDataSource(options!),
        }),
        StorageModule,
        JobsModule.register(config),
        BucketModule,
        PopulationModule,
      ],
    };
  }
}

async function bootstrap(): Promise<void> {
  let config: AppConfig;
  try {
    config = Object.assign(loadConfig(), { runJobs: true });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl) {
    // PGlite lives in one process: in embedded mode the API runs the jobs itself
    console.error(
      'The worker needs DATABASE_URL (PostgreSQL). Without it, the API process runs the jobs (RUN_JOBS defaults to true).',
    );
    process.exit(1);
  }
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  // SIGTERM/SIGINT: running jobs stop at their next checkpoint and go back to the queue
  app.enableShutdownHooks();
  await app.init();
  app.get(Logger).log(`Worker running jobs (${config.redisUrl ? 'BullMQ' : 'database queue'})`);
}

void bootstrap();
