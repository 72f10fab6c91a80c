/**
 * Which backend test files run on which database (docs/TESTING.md, "Backend: two passes").
 *
 * `npm test` runs every backend file on PostgreSQL, then again on PGlite only the files listed in
 * `ADAPTER_SPECIFIC`: what behaves differently by database adapter (migrations, the database job
 * queue, locks, backups, the data dir, PGlite's single connection held by a transaction, SQL whose
 * answer differs by driver). Everything else asks the same SQL of the same engine (PGlite is
 * PostgreSQL compiled to WebAssembly) and runs once. Without PostgreSQL, the PGlite pass runs
 * every file, as before.
 *
 * A new test file that touches the adapter (see `TOUCHES_ADAPTER`) must be named in one of the two
 * lists below; test/database-passes.test.ts fails until it is. Pure unit tests and files that only
 * start an app need no entry: they run on PostgreSQL, and on PGlite when there is no PostgreSQL.
 * Paths are relative to backend/.
 */
export const ADAPTER_SPECIFIC: Record<string, string> = {
  'src/platform/database/migrate.spec.ts': 'the migration runner: PGlite has no advisory lock, one connection',
  'test/database-passes.test.ts': 'this split itself (cheap, so it runs in both passes)',
  'test/sql-files.test.ts': 'the SQL functions and triggers, installed by the runner on each engine',
  'test/repositories.test.ts': "the adapters' SQL through their ports, on each driver",
  'test/jobs-database-queue.test.ts': "the database job queue's claim and lock SQL",
  'test/jobs-unknown-name.test.ts': 'the database queue refusing a job no handler runs, on each engine',
  'test/background-work.test.ts': 'the database queue on PGlite, BullMQ on the PostgreSQL pass',
  'test/database-backups.test.ts': "PGlite's data-dir snapshot (.tar.gz) against pg_dump (.dump)",
  'test/backup-restore.test.ts': 'the embedded backup of DATA_DIR; pg_dump/pg_restore on PostgreSQL',
  'test/data-dir-lock.test.ts': "the embedded mode's DATA_DIR lock",
  'test/disk-full.test.ts': 'PGlite opening on a full disk',
  'test/embedded-durability.test.ts': "PGlite's commits on disk (fsync)",
  'test/process-life.test.ts': 'processes migrating, starting and stopping on each engine',
  'test/operations-logs.test.ts': 'start-up and migration log lines of each engine',
  'test/admin-maintenance.test.ts': 'the database checks in one transaction; the engine it names',
  'test/admin-stats.test.ts': 'stats SQL and migrations in transactions on the one PGlite connection',
  'test/admin-export.test.ts': "the export's batches let go of PGlite's one connection",
  'test/device-sessions.test.ts': "a held connection is PGlite's only one",
  'test/random-pick.test.ts': 'the pick SQL on one session (PGlite) and concurrent ones (PostgreSQL)',
  'test/population.test.ts': 'population batches in transactions, yielding on PGlite',
  'test/quotas.test.ts': 'the budget counters in the database (the embedded store) under races',
  'test/moderation.test.ts': 'parallel reports crossing the hide threshold in transactions',
  'test/audit-log.test.ts': 'an action and its audit row rolled back together in one transaction',
  'test/auth-magic-link.test.ts': 'magic links issued under advisory locks, redeemed in a transaction',
  'test/admin-auth.test.ts': "the admin login throttle's advisory locks and transaction",
  'test/bucket.test.ts': 'the bucket import writes each batch and its checkpoint in one transaction',
  'test/admin-traffic-ads.test.ts': 'the traffic and ad tables created in one transaction',
};

/** Files that touch the adapter but check nothing that differs by it: PostgreSQL only. */
export const SAME_ON_BOTH: Record<string, string> = {
  'test/migration-lock.test.ts': 'the advisory lock of PostgreSQL replicas; PGlite is one process and takes none',
  'test/account-deletion-kill.test.ts':
    "resumption after kill -9 is the job queue's (its own tests run on both); on PGlite the one connection lets the job finish before a poll can see it mid-way, so the kill cannot land inside it",
  'test/admin-session.test.ts': 'restarts on the same database; sessions are rows like any other',
  'test/deployment-config.test.ts': 'settings parsing, no database',
  'test/platform.test.ts': 'settings parsing, no database',
  'test/health.test.ts': 'the health report; its worker part needs PostgreSQL',
  'test/jobs-worker.test.ts': 'the worker process needs PostgreSQL; its start-up refusals do not read the pass',
  'test/media-renditions.test.ts': 'renditions; the two-process part needs PostgreSQL',
  'test/renditions-upgrade.test.ts': 'an upgrade restart on the same database; the SQL is the same',
  'test/redis-outage.test.ts': 'Redis going away; the worker part needs PostgreSQL',
  'test/population-lost-job.test.ts': "a lost job's recovery; the queue SQL is jobs-database-queue's",
  'test/data-export.test.ts':
    "a visitor's export reads keyset pages, no transaction; the two-replica part needs PostgreSQL",
  'test/orphan-sweep.test.ts': 'inserts rows through Database to find orphans; the same SQL',
};

/**
 * A test file that names the database adapter or branches on it: it has to be classified above.
 * (`dbKind` in a title alone does not count: almost every app test prints it.)
 */
export const TOUCHES_ADAPTER =
  /pglite|DATABASE_URL|databaseUrl|createTestDatabase|openDataSource|dataSourceOptions|platform\/database|createQueryRunner|\bBEGIN\b|dbKind\s*[!=]==|EMBEDDED_DB|modules\/backups|database-job-queue/i;

/** Vitest's include for the PGlite pass of `npm test` (VIBE_TEST_PASS=adapter-specific). */
export const adapterSpecificInclude = (): string[] => Object.keys(ADAPTER_SPECIFIC);
