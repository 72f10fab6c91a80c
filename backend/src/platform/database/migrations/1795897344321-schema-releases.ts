import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which release migrated the database, one row per start that applied migrations: the schema
 * guard names it when an older release is started on this database ("upgraded by 0.2.0, commit
 * …"), so the operator knows which backup to restore or which release to run again.
 */
export class SchemaReleases1795897344321 implements MigrationInterface {
  name = 'SchemaReleases1795897344321';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE schema_releases (
        id               serial PRIMARY KEY,
        version          varchar(64) NOT NULL,
        commit           varchar(64) NOT NULL,
        newest_migration varchar(200) NOT NULL,
        migrated_at      timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE schema_releases`);
  }
}
