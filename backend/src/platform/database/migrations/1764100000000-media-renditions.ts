import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What screens show instead of the original (issue 19): the display size, a ThumbHash
 * placeholder, and the renditions a background job makes (thumbnail, preview, a video's
 * playback file) with the job's state, and transient jobs (one per upload, deleted once done).
 * Rows already stored start 'pending' for the backfill job;
 * adding columns with constant defaults rewrites nothing, so this is quick at 1M rows.
 */
export class MediaRenditions1764100000000 implements MigrationInterface {
  name = 'MediaRenditions1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE media
        ADD COLUMN width integer CHECK (width > 0),
        ADD COLUMN height integer CHECK (height > 0),
        ADD COLUMN placeholder varchar(64),
        ADD COLUMN renditions jsonb,
        ADD COLUMN renditions_state varchar(8) NOT NULL DEFAULT 'pending'
          CHECK (renditions_state IN ('pending', 'ready', 'failed')),
        ADD COLUMN renditions_error varchar(500)`);
    // the backfill walks what is left to do in id order; small once the backlog is worked off
    await q.query(`CREATE INDEX media_renditions_todo ON media (id) WHERE renditions_state <> 'ready'`);
    // one rendition job per upload: forgotten once done instead of kept for 30 days
    await q.query(`ALTER TABLE jobs ADD COLUMN transient boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs DROP COLUMN transient`);
    await q.query(`DROP INDEX media_renditions_todo`);
    await q.query(`
      ALTER TABLE media DROP COLUMN width, DROP COLUMN height, DROP COLUMN placeholder,
        DROP COLUMN renditions, DROP COLUMN renditions_state, DROP COLUMN renditions_error`);
  }
}
