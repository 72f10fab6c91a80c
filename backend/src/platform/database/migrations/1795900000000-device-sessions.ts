import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A session per device (issue 27): each signed-in browser has its own row, found by the SHA-256 of
 * the id its cookie holds, so a database read hands out no live credential and one device can be
 * signed out without the others. A user's former single session id becomes their first row
 * (hashed); `users.session_id` then only keeps the markers of system users (the bucket import's
 * owner, seeded users), which are never a visitor session id's 32 letters or digits.
 */
export class DeviceSessions1795900000000 implements MigrationInterface {
  name = 'DeviceSessions1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sessions (
        id           serial PRIMARY KEY,
        user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash   char(64) NOT NULL UNIQUE,
        created_at   timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        user_agent   varchar(255),
        network      varchar(64)
      )`);
    await q.query(`CREATE INDEX sessions_user ON sessions (user_id, last_seen_at DESC)`);
    await q.query(`
      INSERT INTO sessions (user_id, token_hash, created_at, last_seen_at)
      SELECT id, encode(sha256(convert_to(session_id, 'UTF8')), 'hex'), created_at, created_at
      FROM users WHERE session_id ~ '^[A-Za-z0-9]{32}$'`);
    await q.query(`ALTER TABLE users ALTER COLUMN session_id DROP NOT NULL`);
    await q.query(`UPDATE users SET session_id = NULL WHERE session_id ~ '^[A-Za-z0-9]{32}$'`);
  }

  /** Each user gets back one session id only where it can be recovered: nowhere (hashes), so visitors start again. */
  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE users SET session_id = 'lost-' || id WHERE session_id IS NULL`);
    await q.query(`ALTER TABLE users ALTER COLUMN session_id SET NOT NULL`);
    await q.query(`DROP TABLE sessions`);
  }
}
