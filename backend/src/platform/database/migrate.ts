import { DataSource, type DataSourceOptions } from 'typeorm';

// any fixed 64-bit number: identifies "this product's migrations" among advisory locks
const MIGRATION_LOCK = 7_263_110_042;

/**
 * Opens the data source and brings the schema up to date. On PostgreSQL several API replicas
 * may start at once, so migrations run under an advisory lock: one replica migrates, the others
 * wait and then find nothing pending. (PGlite is one process with one connection: no lock.)
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const ds = new DataSource({ ...options, migrationsRun: false } as DataSourceOptions);
  await ds.initialize();
  const isPglite = Boolean((options as { driver?: unknown }).driver);
  if (isPglite) {
    await ds.runMigrations({ transaction: 'each' });
    return ds;
  }
  const runner = ds.createQueryRunner();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await runner.release();
  }
  return ds;
}
