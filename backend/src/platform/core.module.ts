import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/env.js';
import { dataSourceOptions } from './database/data-source-options.js';
import { openDataSource } from './database/migrate.js';
import { SchemaNewerThanReleaseError } from './database/schema-guard.js';
import { AuditLog } from './audit/audit-log.js';
import { BackgroundWork } from './background-work.js';
import { Database } from './database/sql.js';
import { Backlogs } from './health/backlogs.js';
import { OutageLog } from './logging/outage-log.js';

/**
 * What both processes (API and worker) stand on: the validated config as a global provider and
 * the data source, opened with its migrations run (advisory-locked on PostgreSQL, so an API and
 * a worker may start together), with `Database`, the adapters' SQL helper over it, the
 * registry of backlogs modules fill for health and metrics, the operators' audit log, and
 * BackgroundWork, which owns stopping every loop, timer and queue worker at shutdown.
 */
@Global()
@Module({})
export class CoreModule {
  static register(config: AppConfig): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            ...dataSourceOptions(config),
            // a refused schema stays refused: stop now, not after ten retries
            toRetry: (err: unknown) => !(err instanceof SchemaNewerThanReleaseError),
          }),
          dataSourceFactory: (options) => openDataSource(options!),
        }),
      ],
      providers: [{ provide: AppConfig, useValue: config }, Database, Backlogs, AuditLog, BackgroundWork],
      exports: [AppConfig, Database, Backlogs, AuditLog, BackgroundWork],
    };
  }

  constructor(db: Database, outages: OutageLog) {
    // while the database is down, this tells when it answers again
    outages.probe('database', () => db.one('SELECT 1'));
  }
}
