import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../../config/env.js';
import { migrations } from './migrations/index.js';
import { PGlitePool } from './pglite-pool.js';
import { TypeOrmLogger } from './typeorm-logger.js';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite with its files under DATA_DIR/db. */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  const common = {
    type: 'postgres' as const,
    migrations,
    migrationsTransactionMode: 'each' as const,
    synchronize: false,
    // through pino (structured, once), never TypeORM's console output
    logger: new TypeOrmLogger(),
  };
  if (config.databaseUrl) {
    return { ...common, url: config.databaseUrl, poolSize: 10, extra: { idleTimeoutMillis: 30_000 } };
  }
  const dataDir = path.join(config.dataDir, 'db');
  mkdirSync(dataDir, { recursive: true });
  return {
    ...common,
    driver: {
      Pool: class extends PGlitePool {
        constructor() {
          super({ dataDir, durable: config.embeddedDbFsync });
        }
      },
    },
  };
}
