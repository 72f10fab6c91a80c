import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '../../../platform/database/sql.js';
import { TrafficConfigs1763700002000 } from '../../../platform/database/migrations/1763700002000-traffic-configs.js';
import { IDLE_TIME_DEFAULT } from '../domain/redirect-config.js';
import { TrafficSchema, type TrafficMigrationResult } from '../traffic-schema.js';

const TABLES = ['idle_redirect_configs', 'back_button_configs'];

const countIndexes = async (tx: Transaction, tables: string[]): Promise<number> => {
  const r = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1::text[])`,
    [tables],
  );
  return Number(r!.n);
};

@Injectable()
export class TypeormTrafficSchema extends TrafficSchema {
  constructor(private readonly db: Database) {
    super();
  }

  async ensure(): Promise<TrafficMigrationResult> {
    // one transaction: on PGlite it holds the only connection until it ends
    return this.db.transaction(async (tx) => {
      const indexesBefore = await countIndexes(tx, TABLES);
      await new TrafficConfigs1763700002000().up(tx.runner); // IF NOT EXISTS throughout: safe to re-run
      const indexesAfter = await countIndexes(tx, TABLES);
      const idle = await tx.rows(
        `INSERT INTO idle_redirect_configs (idle_redirect_time, idle_redirect_url, is_active)
         SELECT $1, '', false WHERE NOT EXISTS (SELECT 1 FROM idle_redirect_configs) RETURNING id`,
        [IDLE_TIME_DEFAULT],
      );
      const back = await tx.rows(
        `INSERT INTO back_button_configs (back_button_url, is_active)
         SELECT '', false WHERE NOT EXISTS (SELECT 1 FROM back_button_configs) RETURNING id`,
      );
      return {
        idleConfigsCreated: idle.length,
        backButtonCreated: back.length,
        indexesCreated: indexesAfter - indexesBefore,
      };
    });
  }
}
