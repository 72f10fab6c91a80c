import 'reflect-metadata';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../../src/config/env.js';
import { dataSourceOptions } from '../../src/platform/database/data-source-options.js';
import { openDataSource } from '../../src/platform/database/migrate.js';

/**
 * Vitest's globalSetup: migrates one database per run, which every test app then copies
 * (startTestApp in test-app.ts) instead of migrating an empty one: migrating was ≈ 80 % of an
 * app's start, and ~100 apps start per pass. See docs/TESTING.md.
 *   - PostgreSQL (DATABASE_URL set): a database of this run's own, `vibe_tpl_<pid>_<random>`, that
 *     each app's database is created from (`CREATE DATABASE x TEMPLATE ...`).
 *   - PGlite: a migrated, cleanly closed data dir that each app's DATA_DIR/db is copied from.
 * The names reach the test workers (forked after this) through the environment below. Per run,
 * not shared: the engineers on this machine run different branches, with different migrations.
 */
const TEMPLATE_DB_ENV = 'VIBE_TEST_TEMPLATE_DB';
const PGLITE_SNAPSHOT_ENV = 'VIBE_TEST_PGLITE_SNAPSHOT';

// the migration log says nothing a test run needs
const quiet = { log: () => undefined };

export default async function setup(): Promise<() => Promise<void>> {
  const server = process.env.DATABASE_URL;
  if (server) {
    await dropAbandonedTemplates(server);
    const name = `vibe_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(server, `CREATE DATABASE ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    const ds = await openDataSource(dataSourceOptions({ databaseUrl: url.toString() } as AppConfig), quiet);
    // a template must have no connection open while it is copied
    await ds.destroy();
    process.env[TEMPLATE_DB_ENV] = name;
    return async () => {
      delete process.env[TEMPLATE_DB_ENV];
      await admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    };
  }
  await removeAbandonedSnapshots();
  const dir = await mkdtemp(path.join(os.tmpdir(), `vibe-test-snapshot-${process.pid}-`));
  const ds = await openDataSource(dataSourceOptions({ dataDir: dir, embeddedDbFsync: false } as AppConfig), quiet);
  // closed cleanly (a shutdown checkpoint), so a copy opens without recovery
  await ds.destroy();
  process.env[PGLITE_SNAPSHOT_ENV] = path.join(dir, 'db');
  return async () => {
    delete process.env[PGLITE_SNAPSHOT_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}

async function admin(server: string, sql: string): Promise<Array<Record<string, unknown>>> {
  const c = new pg.Client({ connectionString: server });
  await c.connect();
  try {
    return (await c.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await c.end();
  }
}

/** Templates of runs that were killed before their teardown (their process is gone). */
async function dropAbandonedTemplates(server: string): Promise<void> {
  const rows = await admin(server, `SELECT datname FROM pg_database WHERE datname LIKE 'vibe\\_tpl\\_%'`);
  for (const { datname } of rows as Array<{ datname: string }>) {
    const pid = Number(datname.split('_')[2]);
    if (Number.isInteger(pid) && !alive(pid)) await admin(server, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

/** Snapshots of runs that were killed before their teardown (40 MB each; their process is gone). */
async function removeAbandonedSnapshots(): Promise<void> {
  for (const name of await readdir(os.tmpdir()).catch(() => [] as string[])) {
    const pid = Number(/^vibe-test-snapshot-(\d+)-/.exec(name)?.[1]);
    if (pid && !alive(pid)) await rm(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
