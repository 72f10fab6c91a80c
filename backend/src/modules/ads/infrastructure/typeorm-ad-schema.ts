import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';
import { AdConfigs1763700001000 } from '../../../platform/database/migrations/1763700001000-ad-configs.js';
import { AdSchema, DEFAULT_ZONE } from '../ad-schema.js';

const countIndexes = async (runner: QueryRunner): Promise<number> => {
  const [r] = await runner.query(
    `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'ad_configs'`,
  );
  return Number(r.n);
};

@Injectable()
export class TypeormAdSchema extends AdSchema {
  constructor(@InjectDataSource() private readonly db: DataSource) {
    super();
  }

  async ensure() {
    // one runner and one transaction: on PGlite it holds the only connection until release
    const runner = this.db.createQueryRunner();
    try {
      await runner.startTransaction();
      const indexesBefore = await countIndexes(runner);
      await new AdConfigs1763700001000().up(runner); // CREATE TABLE IF NOT EXISTS: safe to re-run
      const indexesAfter = await countIndexes(runner);
      // a disabled default zone: the admin page has something to edit, visitors see no ad yet
      const seeded: unknown[] = await runner.query(
        `INSERT INTO ad_configs (zone_id, zone_name, ad_code, is_active) VALUES ($1, $2, '', false)
         ON CONFLICT (zone_id) DO NOTHING RETURNING id`,
        [DEFAULT_ZONE.zoneId, DEFAULT_ZONE.zoneName],
      );
      await runner.commitTransaction();
      return { adConfigsCreated: seeded.length, indexesCreated: indexesAfter - indexesBefore };
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      throw err;
    } finally {
      await runner.release();
    }
  }
}
