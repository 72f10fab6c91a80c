import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ledger of the repeatable SQL files (`platform/database/sql/`: every function and trigger,
 * one `CREATE OR REPLACE` per file): which text of each file this database last ran. After the
 * versioned migrations, `applySqlFiles` runs each file that is new or changed. On an existing
 * install the first run replaces every function and trigger with the file's text, which says the
 * same as what the earlier migrations created.
 */
export class SqlFiles1764310000000 implements MigrationInterface {
  name = 'SqlFiles1764310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sql_files (
        name       varchar(200) PRIMARY KEY,
        sha256     char(64) NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE sql_files`);
  }
}
