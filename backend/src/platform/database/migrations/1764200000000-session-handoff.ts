import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The one-shot hand-off from a confirmed magic link to the visitor app (issue 20): confirming a
 * link stores the SHA-256 of a random nonce on the spent token and gives the browser the nonce
 * in a short-lived cookie; `POST /api/session/adopt` answers the session id only against it, once.
 */
export class SessionHandoff1764200000000 implements MigrationInterface {
  name = 'SessionHandoff1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE magic_link_tokens ADD COLUMN handoff_hash char(64)`);
    await q.query(
      `CREATE UNIQUE INDEX magic_link_tokens_handoff ON magic_link_tokens (handoff_hash) WHERE handoff_hash IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX magic_link_tokens_handoff`);
    await q.query(`ALTER TABLE magic_link_tokens DROP COLUMN handoff_hash`);
  }
}
