import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which pipeline made an item's renditions and cleaned its original (issue 26): a row is offered
 * to other visitors only when its renditions are ready and made by the current pipeline
 * (`RENDITIONS_VERSION` in media/domain/renditions.ts). Rows stored before start at 0, so the
 * upgrade job re-renders and re-cleans every one of them; it walks them through the index in id
 * order. A constant default rewrites nothing, so this is quick at 1M rows.
 */
export class MediaRenditionsVersion1795897564214 implements MigrationInterface {
  name = 'MediaRenditionsVersion1795897564214';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE media ADD COLUMN renditions_version smallint NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX media_renditions_version ON media (renditions_version, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX media_renditions_version`);
    await q.query(`ALTER TABLE media DROP COLUMN renditions_version`);
  }
}
