import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { openDataSource } from './migrate.js';
import { migrations } from './migrations/index.js';
import { PGlitePool } from './pglite-pool.js';
import { TypeOrmLogger } from './typeorm-logger.js';

describe('openDataSource logs the migrations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-migrate-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const open = async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = {
      log: (m: Record<string, unknown>) => lines.push({ level: 'info', ...m }),
      warn: (m: Record<string, unknown>) => lines.push({ level: 'warn', ...m }),
      error: (m: Record<string, unknown>) => lines.push({ level: 'error', ...m }),
      debug: () => undefined,
    };
    const options = {
      type: 'postgres',
      migrations,
      migrationsTransactionMode: 'each',
      logger: new TypeOrmLogger(sink as never),
      driver: {
        Pool: class extends PGlitePool {
          constructor() {
            super({ dataDir: dir, durable: false });
          }
        },
      },
    } as unknown as DataSourceOptions;
    const ds = await openDataSource(options, sink as never);
    await ds.destroy();
    return lines;
  };

  it('one structured line per applied migration and one for the run; then "up to date"', async () => {
    const first = await open();
    const applied = first.filter((l) => l.msg === 'migration applied');
    expect(applied.map((l) => l.migration)).toEqual(migrations.map((m) => (m as { name: string }).name));
    for (const l of applied) expect(typeof l.ms).toBe('number');
    expect(first.at(-1)).toMatchObject({
      msg: 'migrations applied',
      applied: migrations.length,
      total: migrations.length,
    });

    const second = await open();
    expect(second).toEqual([{ level: 'info', msg: 'schema up to date', migrations: migrations.length }]);
  });
});
