import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AppModule } from '../../src/app.module.js';
import { type AppConfig, loadConfig } from '../../src/config/env.js';
import { configureApp } from '../../src/platform/http/configure-app.js';
import TEST_SETTINGS from '../../src/config/test-settings.json' with { type: 'json' };

export interface TestApp {
  app: NestExpressApplication;
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The per-address and per-session quotas switched off (0); a test sets the ones it checks. The one
 * list (src/config/test-settings.json) the benches and the e2e harness read too.
 */
export const NO_QUOTAS: Record<string, string> = TEST_SETTINGS;

/** Which database the suite runs on: PostgreSQL when DATABASE_URL is set, PGlite otherwise. */
export const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * The run's migrated database, made once by global-setup.ts (docs/TESTING.md): a PostgreSQL
 * template database's name, and a PGlite data dir to copy. Unset when a run has no globalSetup:
 * then each app migrates its own empty database, as before.
 */
const migratedTemplate = () => process.env.VIBE_TEST_TEMPLATE_DB;
const migratedSnapshot = () => process.env.VIBE_TEST_PGLITE_SNAPSHOT;

/**
 * A fresh PostgreSQL database beside DATABASE_URL's, for one app or test file: empty, or with
 * `{ migrated: true }` a copy of the run's migrated template (empty when the run has none).
 */
export async function createTestDatabase(
  prefix: string,
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const server = process.env.DATABASE_URL!;
  const template = options.migrated ? migratedTemplate() : undefined;
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Gives an embedded-mode DATA_DIR a copy of the run's migrated PGlite database (DATA_DIR/db), for
 * a test that builds its app itself; nothing when the dir already holds one or the run has none.
 */
export async function seedMigratedDataDir(dataDir: string): Promise<void> {
  const snapshot = migratedSnapshot();
  const embeddedDb = path.join(dataDir, 'db');
  if (snapshot && !existsSync(embeddedDb)) await cp(snapshot, embeddedDb, { recursive: true });
}

/**
 * Starts the real AppModule on a fresh data dir, and on PostgreSQL a fresh database, so test
 * files never see each other's rows. `env` adds or overrides settings (SMTP_URL, S3_*, ...).
 * The database starts as a copy of the run's migrated one (global-setup.ts), so the app finds its
 * schema up to date instead of migrating; a DATA_DIR given in `env` that already holds a database
 * is opened as it is.
 */
export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-test-'));
  const database = process.env.DATABASE_URL ? await createTestDatabase('vibe_test', { migrated: true }) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    ADMIN_PASSWORD: 'test-admin-password',
    VISITOR_WEB_DIR: path.join(dataDir, 'no-visitor-web'),
    ADMIN_WEB_DIR: path.join(dataDir, 'no-admin-web'),
    // throwaway data: no disk flush per commit (embedded-durability.test.ts covers the flushing)
    EMBEDDED_DB_FSYNC: 'false',
    // every test reaches the app from one address: quotas are off unless a test sets them (quotas.test.ts)
    ...NO_QUOTAS,
    ...env,
  });
  if (!config.databaseUrl) await seedMigratedDataDir(config.dataDir);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config), {
    bodyParser: false,
    logger: ['error', 'warn'],
    bufferLogs: true,
  });
  configureApp(app);
  await app.init();
  return {
    app,
    server: app.getHttpServer(),
    config,
    dataDir,
    async close() {
      await app.close();
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
