import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { recordRelease, refuseNewerSchema } from './schema-guard.js';
import { applySqlFiles } from './sql-files.js';
import { TypeOrmLogger } from './typeorm-logger.js';

// any fixed 64-bit number: identifies "this product's migrations" among advisory locks
export const MIGRATION_LOCK = 7_263_110_042;
/** How often a replica waiting for another's migrations asks for the lock again. */
const LOCK_POLL_MS = 250;

type MigrationLog = Pick<Logger, 'log'>;

/**
 * Opens the data source and brings the schema up to date. On PostgreSQL several API replicas
 * may start at once, so migrations run under an advisory lock: one replica migrates, the others
 * wait and then find nothing pending. (PGlite is one process with one connection: no lock.)
 * Each applied migration is logged by TypeOrmLogger; the run as a whole here. After the versioned
 * migrations, the repeatable ones: the SQL files (functions, triggers) that are new or changed.
 * Before all that, a database migrated by a newer release is refused (schema-guard.ts).
 */
export async function openDataSource(
  options: DataSourceOptions,
  log: MigrationLog = new Logger('Migrations'),
): Promise<DataSource> {
  const ds = new DataSource({ ...options, migrationsRun: false } as DataSourceOptions);
  await ds.initialize();
  const isPglite = Boolean((options as { driver?: unknown }).driver);
  if (isPglite) {
    await migrate(ds, log).catch(closeAndThrow(ds));
    return ds;
  }
  const runner = ds.createQueryRunner();
  let failure: unknown;
  try {
    const tryLock = async () =>
      ((await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK])) as [{ locked: boolean }])[0]
        .locked;
    if (!(await tryLock())) {
      log.log({ msg: 'waiting for another process to finish the migrations' });
      // polled, never a blocking pg_advisory_lock(): a statement waiting inside it holds a snapshot,
      // and a migration building an index CONCURRENTLY waits for every older snapshot, so the
      // replica holding the lock would wait for this one, which waits for it (a hang PostgreSQL
      // cannot detect; two APIs and a worker starting together met it)
      while (!(await tryLock())) await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    await migrate(ds, log);
  } catch (err) {
    failure = err;
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
  if (failure) await closeAndThrow(ds)(failure);
  return ds;
}

/** A start that fails here ends the process: its connections (or PGlite's files) are let go first. */
const closeAndThrow = (ds: DataSource) => async (err: unknown) => {
  await ds.destroy().catch(() => undefined);
  throw err;
};

async function migrate(ds: DataSource, log: MigrationLog): Promise<void> {
  // an older release on a newer schema stops here, before it writes anything
  await refuseNewerSchema(ds);
  const started = performance.now();
  if (ds.logger instanceof TypeOrmLogger) ds.logger.startTiming();
  const applied = await ds.runMigrations({ transaction: 'each' });
  const files = await ds.transaction((m) => applySqlFiles(m.queryRunner!));
  if (files.length) log.log({ msg: 'sql files applied', files: files.length, names: files });
  const ms = Math.round(performance.now() - started);
  if (applied.length) {
    await recordRelease(ds);
    log.log({ msg: 'migrations applied', applied: applied.length, total: ds.migrations.length, ms });
  } else log.log({ msg: 'schema up to date', migrations: ds.migrations.length });
}
