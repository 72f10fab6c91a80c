import pg from 'pg';
import { dataSourceOptions } from '../src/platform/database/data-source-options.js';
import { MIGRATION_LOCK, openDataSource } from '../src/platform/database/migrate.js';
import type { AppConfig } from '../src/config/env.js';
import { createTestDatabase, dbKind } from './support/test-app.js';

const quiet = { log: () => undefined };

/**
 * Replicas starting together (compose: two APIs and a worker): one migrates under the advisory
 * lock, the others wait for it. A migration that builds an index CONCURRENTLY waits for every
 * transaction older than it; a replica blocked inside `SELECT pg_advisory_lock()` is one, and it
 * waits for the migrating replica in turn: a hang PostgreSQL cannot see (the topology check hung
 * on it). The waiting replicas must hold no snapshot while they wait.
 */
describe.runIf(dbKind === 'postgres')('the migration lock (PostgreSQL replicas starting together)', () => {
  it('a replica waiting for the lock does not hold up a CREATE INDEX CONCURRENTLY of the migrating one', async () => {
    const db = await createTestDatabase('migrate_lock', { migrated: true });
    const migrating = new pg.Client({ connectionString: db.url });
    const builder = new pg.Client({ connectionString: db.url });
    await Promise.all([migrating.connect(), builder.connect()]);
    try {
      await migrating.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const waiting = openDataSource(dataSourceOptions({ databaseUrl: db.url } as AppConfig), quiet);
      // the other replica is waiting for the lock by now
      await new Promise((r) => setTimeout(r, 1500));
      await builder.query(`SET statement_timeout = '10s'`);
      await builder.query('CREATE INDEX CONCURRENTLY migration_lock_probe ON users (created_at)');
      await migrating.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      const ds = await waiting; // it takes the lock, finds nothing pending and opens
      await ds.destroy();
    } finally {
      await Promise.all([migrating.end(), builder.end()]);
      await db.drop();
    }
  }, 60_000);
});
