import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counters that make the admin totals and the dashboard's per-day series cheap at any size (no
 * count(*) over users, media, votes or views per request).
 *
 * - `daily_counts(day, shard)`: users, uploads, votes and views created on each UTC day, kept by
 *   statement-level AFTER INSERT / DELETE triggers with transition tables, so every writer (votes,
 *   uploads, views, population, import, deletes, cascades) keeps them right in its own transaction
 *   without any application code. Each connection writes its own shard row (`pg_backend_pid() % 8`),
 *   so concurrent votes never queue on one row lock. A deleted row is taken off the day it was
 *   created on, so a day's figure is always what `GROUP BY day` over the table would answer.
 * - `users.activity`: uploads + votes cast by the user, moved by the same triggers. A user is active
 *   (the spec: at least one upload or vote) when it is above 0; `active_users` counts the 0 → 1 and
 *   1 → 0 transitions (booked on the day they happen; only the sum means anything). Row locks on the
 *   user make it exact under concurrency: a vote and the delete of that user's last vote cannot both
 *   miss each other, which a flag checked without a lock could.
 * - `saved_accounts`: users with a verified e-mail, moved by insert / delete and by a row trigger
 *   that fires only when `email_verified` changes.
 * - TRUNCATE (the database reset) rebuilds everything from the tables (empty by then: cheap).
 */
export class DailyCounts1763800100000 implements MigrationInterface {
  name = 'DailyCounts1763800100000';

  async up(q: QueryRunner): Promise<void> {
    // writers wait for the migration to commit, so the backfill and the triggers see the same rows
    await q.query(`LOCK TABLE users, media, votes, views IN SHARE ROW EXCLUSIVE MODE`);
    await q.query(`
      CREATE TABLE daily_counts (
        day            date NOT NULL,
        shard          smallint NOT NULL,
        users          integer NOT NULL DEFAULT 0,
        uploads        integer NOT NULL DEFAULT 0,
        votes          integer NOT NULL DEFAULT 0,
        views          integer NOT NULL DEFAULT 0,
        active_users   integer NOT NULL DEFAULT 0,
        saved_accounts integer NOT NULL DEFAULT 0,
        PRIMARY KEY (day, shard)
      )`);
    await q.query(`ALTER TABLE users ADD COLUMN activity integer NOT NULL DEFAULT 0`);

    // the row this connection adds to (its shard of a day)
    await q.query(`
      CREATE FUNCTION counts_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
        SELECT (pg_backend_pid() % 8)::smallint
      $$`);
    await q.query(`
      CREATE FUNCTION counts_utc_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
        SELECT (ts AT TIME ZONE 'UTC')::date
      $$`);

    // votes and uploads move the day's counter and their users' activity in one statement: the
    // per-user update books the users who crossed 0 (either way) into the same upsert
    for (const [table, column, at] of [
      ['votes', 'votes', 'voted_at'],
      ['media', 'uploads', 'uploaded_at'],
    ]) {
      const moveBy = (rows: string, sign: string) => `
          WITH r AS (SELECT user_id, counts_utc_day(${at}) AS day FROM ${rows}),
          per_user AS (SELECT user_id, ${sign}count(*)::int AS n FROM r GROUP BY user_id),
          moved AS (
            UPDATE users SET activity = users.activity + per_user.n FROM per_user
             WHERE users.id = per_user.user_id
            RETURNING users.activity - per_user.n AS was, users.activity AS became
          ),
          crossed AS (
            SELECT coalesce(sum(CASE WHEN was <= 0 AND became > 0 THEN 1 WHEN was > 0 AND became <= 0 THEN -1 ELSE 0 END), 0)::int AS n
              FROM moved
          ),
          deltas AS (
            SELECT day, ${sign}count(*)::int AS n, 0 AS active FROM r GROUP BY day
            UNION ALL SELECT counts_utc_day(now()), 0, n FROM crossed WHERE n <> 0
          )
          INSERT INTO daily_counts AS c (day, shard, ${column}, active_users)
          SELECT day, counts_shard(), sum(n), sum(active) FROM deltas GROUP BY day ORDER BY day
          ON CONFLICT (day, shard) DO UPDATE
            SET ${column} = c.${column} + excluded.${column}, active_users = c.active_users + excluded.active_users;`;
      await q.query(`
        CREATE FUNCTION counts_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${moveBy('new_rows', '')}
          ELSE ${moveBy('old_rows', '-')}
          END IF;
          RETURN NULL;
        END $$`);
    }
    await q.query(`
      CREATE FUNCTION counts_views() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO daily_counts AS c (day, shard, views)
          SELECT counts_utc_day(viewed_at), counts_shard(), count(*) FROM new_rows GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET views = c.views + excluded.views;
        ELSE
          INSERT INTO daily_counts AS c (day, shard, views)
          SELECT counts_utc_day(viewed_at), counts_shard(), -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET views = c.views + excluded.views;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO daily_counts AS c (day, shard, users, active_users, saved_accounts)
          SELECT counts_utc_day(created_at), counts_shard(), count(*),
                 count(*) FILTER (WHERE activity > 0), count(*) FILTER (WHERE email_verified)
            FROM new_rows GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET users = c.users + excluded.users,
            active_users = c.active_users + excluded.active_users,
            saved_accounts = c.saved_accounts + excluded.saved_accounts;
        ELSE
          -- the user's cascaded media and votes no longer find the row, so its own activity is taken off here
          INSERT INTO daily_counts AS c (day, shard, users, active_users, saved_accounts)
          SELECT counts_utc_day(created_at), counts_shard(), -count(*),
                 -count(*) FILTER (WHERE activity > 0), -count(*) FILTER (WHERE email_verified)
            FROM old_rows GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET users = c.users + excluded.users,
            active_users = c.active_users + excluded.active_users,
            saved_accounts = c.saved_accounts + excluded.saved_accounts;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE FUNCTION counts_users_saved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO daily_counts AS c (day, shard, saved_accounts)
        VALUES (counts_utc_day(now()), counts_shard(), CASE WHEN NEW.email_verified THEN 1 ELSE -1 END)
        ON CONFLICT (day, shard) DO UPDATE SET saved_accounts = c.saved_accounts + excluded.saved_accounts;
        RETURN NULL;
      END $$`);

    // everything from the tables: the backfill, and after a TRUNCATE (the reset empties them first)
    await q.query(`
      CREATE FUNCTION counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE users SET activity = a.n FROM (
          SELECT user_id, sum(n)::int AS n FROM (
            SELECT user_id, count(*) AS n FROM media GROUP BY user_id
            UNION ALL SELECT user_id, count(*) FROM votes GROUP BY user_id) x
          GROUP BY user_id) a
         WHERE users.id = a.user_id AND users.activity <> a.n;
        UPDATE users SET activity = 0
         WHERE activity <> 0
           AND NOT EXISTS (SELECT 1 FROM media m WHERE m.user_id = users.id)
           AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = users.id);
        DELETE FROM daily_counts;
        INSERT INTO daily_counts (day, shard, users, uploads, votes, views, active_users, saved_accounts)
        SELECT day, 0, sum(users), sum(uploads), sum(votes), sum(views), sum(active), sum(saved) FROM (
          SELECT counts_utc_day(created_at) AS day, count(*) AS users, 0 AS uploads, 0 AS votes, 0 AS views,
                 count(*) FILTER (WHERE activity > 0) AS active, count(*) FILTER (WHERE email_verified) AS saved
            FROM users GROUP BY 1
          UNION ALL SELECT counts_utc_day(uploaded_at), 0, count(*), 0, 0, 0, 0 FROM media GROUP BY 1
          UNION ALL SELECT counts_utc_day(voted_at), 0, 0, count(*), 0, 0, 0 FROM votes GROUP BY 1
          UNION ALL SELECT counts_utc_day(viewed_at), 0, 0, 0, count(*), 0, 0 FROM views GROUP BY 1
        ) x GROUP BY day;
      END $$`);
    await q.query(`
      CREATE FUNCTION counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM counts_rebuild();
        RETURN NULL;
      END $$`);

    for (const [table, fn] of [
      ['votes', 'counts_votes'],
      ['media', 'counts_media'],
      ['views', 'counts_views'],
      ['users', 'counts_users'],
    ]) {
      await q.query(
        `CREATE TRIGGER ${table}_counted_insert AFTER INSERT ON ${table}
           REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_counted_delete AFTER DELETE ON ${table}
           REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await q.query(
        `CREATE TRIGGER ${table}_counted_truncate AFTER TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION counts_truncated()`,
      );
    }
    await q.query(
      `CREATE TRIGGER users_counted_saved AFTER UPDATE OF email_verified ON users
         FOR EACH ROW WHEN (OLD.email_verified IS DISTINCT FROM NEW.email_verified)
         EXECUTE FUNCTION counts_users_saved()`,
    );
    await q.query(`SELECT counts_rebuild()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['votes', 'media', 'views', 'users']) {
      for (const kind of ['insert', 'delete', 'truncate'])
        await q.query(`DROP TRIGGER ${table}_counted_${kind} ON ${table}`);
    }
    await q.query(`DROP TRIGGER users_counted_saved ON users`);
    await q.query(
      `DROP FUNCTION counts_truncated(), counts_rebuild(), counts_users_saved(), counts_users(), counts_views(),
         counts_media(), counts_votes(), counts_utc_day(timestamptz), counts_shard()`,
    );
    await q.query(`ALTER TABLE users DROP COLUMN activity`);
    await q.query(`DROP TABLE daily_counts`);
  }
}
