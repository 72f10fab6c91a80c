import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';
import { TrafficConfigs1763700002000 } from '../../../platform/database/migrations/1763700002000-traffic-configs.js';
import { IDLE_TIME_DEFAULT } from '../domain/redirect-config.js';
import { TrafficSchema, type TrafficMigrationResult } from '../traffic-schema.js';

const TABLES = ['idle_redirect_configs', 'back_button_configs'];

const countIndexes = async (runner: QueryRunner, tables: string[]): Promise<number> => {
  const [r] = await runner.query(
    `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1::text[])`,
    [tables],
  );
  return Number(r.n);
};

@Injectable()
export class TypeormTrafficSchema extends TrafficSchema {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async ensure(): Promise<TrafficMigrationResult> {
    // one runner and one transaction: on PGlite it holds the only connection until release
    const runner = this.db.createQueryRunner();
    try {
      await runner.startTransaction();
      const indexesBefore = await countIndexes(runner, TABLES);
      await new TrafficConfigs1763700002000().up(runner); // IF NOT EXISTS throughout: safe to re-run
      const indexesAfter = await countIndexes(runner, TABLES);
      const idle: unknown[] = await runner.query(
        `INSERT INTO idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active)
         SELECT $1, '', false WHERE NOT EXISTS (SELECT 1 FROM idle_redirect_configs) RETURNING id`,
        [IDLE_TIME_DEFAULT],
      );
      const back: unknown[] = await runner.query(
        `INSERT INTO back_button_configs (back_button_url, is_active)
         SELECT '', false WHERE NOT EXISTS (SELECT 1 FROM back_button_configs) RETURNING id`,
      );
      await runner.commitTransaction();
      return {
        idleConfigsCreated: idle.length,
        backButtonCreated: back.length,
        indexesCreated: indexesAfter - indexesBefore,
      };
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw err;
    } finally {
      await runner.release();
    }
  }
}
