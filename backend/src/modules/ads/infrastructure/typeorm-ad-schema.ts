import { Injectable } from '@nestjs/common';
import { Database, type Transaction } from '../../../platform/database/sql.js';
import { AdConfigs1763700001000 } from '../../../platform/database/migrations/1763700001000-ad-configs.js';
import { AdSchema, DEFAULT_ZONE } from '../ad-schema.js';

const countIndexes = async (tx: Transaction): Promise<number> => {
  const r = await tx.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'ad_configs'`,
  );
  return Number(r!.n);
};

@Injectable()
export class TypeormAdSchema extends AdSchema {
  constructor(private readonly db: Database) {
    super();
  }

  async ensure() {
    // one transaction: on PGlite it holds the only connection until it ends
    return this.db.transaction(async (tx) => {
      const indexesBefore = await countIndexes(tx);
      await new AdConfigs1763700001000().up(tx.runner); // CREATE TABLE IF NOT EXISTS: safe to re-run
      const indexesAfter = await countIndexes(tx);
      // a disabled default zone: the admin page has something to edit, visitors see no ad yet
      const seeded = await tx.rows(
        `INSERT INTO ad_configs (zone_id, zone_name, ad_code, is_active) VALUES ($1, $2, '', false)
         ON CONFLICT (zone_id) DO NOTHING RETURNING id`,
        [DEFAULT_ZONE.zoneId, DEFAULT_ZONE.zoneName],
      );
      return { adConfigsCreated: seeded.length, indexesCreated: indexesAfter - indexesBefore };
    });
  }
}
