import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, media, votes, views and magic-link tokens: everything the visitor side stores. */
export class VisitorSchema1763700000000 implements MigrationInterface {
  name = 'VisitorSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id             serial PRIMARY KEY,
        session_id     varchar(32) NOT NULL UNIQUE,
        username       varchar(64) NOT NULL,
        email          varchar(254),
        email_verified boolean NOT NULL DEFAULT false,
        latitude       double precision,
        longitude      double precision,
        is_seeded      boolean NOT NULL DEFAULT false,
        created_at     timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_latitude_range CHECK (latitude BETWEEN -90 AND 90),
        CONSTRAINT users_longitude_range CHECK (longitude BETWEEN -180 AND 180)
      )`);
    await q.query(`CREATE UNIQUE INDEX users_username_ci ON users (lower(username))`);
    // one account per verified address; unverified addresses may repeat until someone proves one
    await q.query(`CREATE UNIQUE INDEX users_verified_email_ci ON users (lower(email)) WHERE email_verified`);

    await q.query(`
      CREATE TABLE media (
        id            serial PRIMARY KEY,
        user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        storage_key   varchar(512) NOT NULL UNIQUE,
        original_name varchar(255) NOT NULL,
        mime_type     varchar(64) NOT NULL,
        size          bigint NOT NULL CHECK (size >= 0),
        random_key    double precision NOT NULL DEFAULT random(),
        hot_votes     integer NOT NULL DEFAULT 0,
        total_votes   integer NOT NULL DEFAULT 0,
        total_views   integer NOT NULL DEFAULT 0,
        uploaded_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT media_tallies CHECK (hot_votes BETWEEN 0 AND total_votes)
      )`);
    await q.query(`CREATE INDEX media_random_key ON media (random_key)`);
    await q.query(`CREATE INDEX media_user_uploaded ON media (user_id, uploaded_at DESC)`);

    await q.query(`
      CREATE TABLE votes (
        user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        media_id  integer NOT NULL REFERENCES media(id) ON DELETE CASCADE,
        is_hot    boolean NOT NULL,
        is_seeded boolean NOT NULL DEFAULT false,
        voted_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, media_id)
      )`);
    await q.query(`CREATE INDEX votes_media ON votes (media_id)`);

    await q.query(`
      CREATE TABLE views (
        user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        media_id  integer NOT NULL REFERENCES media(id) ON DELETE CASCADE,
        viewed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, media_id)
      )`);
    await q.query(`CREATE INDEX views_media ON views (media_id)`);

    await q.query(`
      CREATE TABLE magic_link_tokens (
        id         serial PRIMARY KEY,
        token_hash char(64) NOT NULL UNIQUE,
        user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        email      varchar(254) NOT NULL,
        purpose    varchar(16) NOT NULL CHECK (purpose IN ('verify', 'login')),
        expires_at timestamptz NOT NULL,
        used_at    timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // every request (known address or not) is logged here so rate limits need no process memory
    await q.query(`
      CREATE TABLE magic_link_requests (
        id         bigserial PRIMARY KEY,
        email      varchar(254) NOT NULL,
        ip         varchar(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX magic_link_requests_email ON magic_link_requests (lower(email), created_at)`);
    await q.query(`CREATE INDEX magic_link_requests_ip ON magic_link_requests (ip, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE magic_link_requests, magic_link_tokens, views, votes, media, users`);
  }
}
