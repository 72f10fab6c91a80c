import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share links (issue 29): an uploader's link to one item, `/r/{share_id}` with an unguessable id
 * (never the media id), which they can turn off; whether search engines may index its page; and
 * the visitors who came through it (one view and one vote each, counted on the link).
 */
export class ShareLinks1795897866598 implements MigrationInterface {
  name = 'ShareLinks1795897866598';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE share_links (
        id         serial PRIMARY KEY,
        share_id   varchar(32) NOT NULL UNIQUE,
        media_id   integer NOT NULL UNIQUE REFERENCES media(id) ON DELETE CASCADE,
        user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        enabled    boolean NOT NULL DEFAULT true,
        indexable  boolean NOT NULL DEFAULT false,
        views      integer NOT NULL DEFAULT 0 CHECK (views >= 0),
        votes      integer NOT NULL DEFAULT 0 CHECK (votes >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX share_links_user ON share_links (user_id)`);
    await q.query(`
      CREATE TABLE share_visits (
        share_link_id integer NOT NULL REFERENCES share_links(id) ON DELETE CASCADE,
        user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind          text NOT NULL CHECK (kind IN ('view', 'vote')),
        PRIMARY KEY (share_link_id, user_id, kind)
      )`);
    await q.query(`CREATE INDEX share_visits_user ON share_visits (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE share_visits`);
    await q.query(`DROP TABLE share_links`);
  }
}
