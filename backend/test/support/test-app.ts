import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { AppModule } from '../../src/app.module.js';
import { type AppConfig, loadConfig } from '../../src/config/env.js';
import { configureApp } from '../../src/platform/http/configure-app.js';

export interface TestApp {
  app: NestExpressApplication;
  server: ReturnType<NestExpressApplication['getHttpServer']>;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** Which database the suite runs on: PostgreSQL when DATABASE_URL is set, PGlite otherwise. */
export const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Starts the real AppModule on a fresh data dir, and on PostgreSQL a fresh database, so test
 * files never see each other's rows. `env` adds or overrides settings (SMTP_URL, S3_*, ...).
 */
export async function startTestApp(env: Record<string, string | undefined> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-test-'));
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `vibe_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_PASSWORD: 'test-admin-password',
    VISITOR_WEB_DIR: path.join(dataDir, 'no-visitor-web'),
    ADMIN_WEB_DIR: path.join(dataDir, 'no-admin-web'),
    ...env,
  });
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
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
