import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin session tokens issued by POST /api/admin/login: only the token's SHA-256 is kept, with
 * its expiry, its revocation (logout) and a tag of the credentials it was issued under (a new
 * ADMIN_PASSWORD ends the sessions of the old one).
 */
export class AdminSessions1763800000000 implements MigrationInterface {
  name = 'AdminSessions1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_sessions (
        token_hash      char(64) PRIMARY KEY,
        username        varchar(100) NOT NULL,
        credentials_tag varchar(64) NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        expires_at      timestamptz NOT NULL,
        revoked_at      timestamptz
      )`);
    // the clean-up at login deletes by expiry
    await q.query(`CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_sessions`);
  }
}
