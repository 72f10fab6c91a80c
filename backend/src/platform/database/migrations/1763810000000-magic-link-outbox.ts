import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Magic-link mail waits here and is sent outside the request (the session module's sender), so a
 * request never waits on SMTP and answers as fast for an unknown address as for a known one.
 * `token` is the raw token (magic_link_tokens keeps only its hash); the row goes once the mail is
 * sent, and a row that never could be sent keeps no token. `username` NULL: the address has no
 * account, nothing is sent (the row exists so both answers did the same work).
 */
export class MagicLinkOutbox1763810000000 implements MigrationInterface {
  name = 'MagicLinkOutbox1763810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE magic_link_outbox (
        id              bigserial PRIMARY KEY,
        recipient       varchar(254) NOT NULL,
        username        varchar(64),
        purpose         varchar(16) NOT NULL CHECK (purpose IN ('verify', 'login')),
        token           varchar(64),
        attempts        integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        locked_until    timestamptz,
        last_error      text,
        failed_at       timestamptz,
        created_at      timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX magic_link_outbox_due ON magic_link_outbox (next_attempt_at) WHERE failed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE magic_link_outbox`);
  }
}
