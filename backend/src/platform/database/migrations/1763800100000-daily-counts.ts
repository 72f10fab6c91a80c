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
 * - `users.active` (the spec: at least one upload or vote) and `active_users`: an insert sets the
 *   flag of users who did not have it and books them (a vote by an active user reads its row and
 *   writes nothing). A delete cannot decide on the spot whether the user has anything left: a vote
 *   of that user committing at the same time may be invisible to it, and locking the user there
 *   could deadlock with that vote (which waits on the rows being deleted). So a delete only queues
 *   the users in `activity_rechecks`; `counts_settle()` (run by the reads of the totals) locks
 *   those users, which waits for their votes in flight, then looks with a fresh snapshot and clears
 *   the flags of users with nothing left. It holds no other locks, so nothing can wait on it in a cycle.
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
    await q.query(`ALTER TABLE users ADD COLUMN active boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE TABLE activity_rechecks (user_id integer PRIMARY KEY)`);

    // the row this connection adds to (its shard of a day)
    await q.query(`
      CREATE FUNCTION counts_shard() RETURNS smallint LANGUAGE sql STABLE AS $$
        SELECT (pg_backend_pid() % 8)::smallint
      $$`);
    await q.query(`
      CREATE FUNCTION counts_utc_day(ts timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
        SELECT (ts AT TIME ZONE 'UTC')::date
      $$`);

    // the same statement for an insert (new_rows, +) and a delete (old_rows, -)
    const plusMinus = (name: string, statement: (rows: string, sign: string) => string) =>
      q.query(`
        CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN ${statement('new_rows', '')}
          ELSE ${statement('old_rows', '-')}
          END IF;
          RETURN NULL;
        END $$`);
    // votes and uploads: the day's counter, the users who became active (insert) or the users to
    // look at again (delete), in one statement
    for (const [table, column, at] of [
      ['votes', 'votes', 'voted_at'],
      ['media', 'uploads', 'uploaded_at'],
    ]) {
      await plusMinus(`counts_${table}`, (rows, sign) =>
        sign === ''
          ? `
          WITH r AS (SELECT user_id, counts_utc_day(${at}) AS day FROM ${rows}),
          activated AS (
            UPDATE users SET active = true WHERE id IN (SELECT user_id FROM r) AND NOT active RETURNING 1
          ),
          deltas AS (
            SELECT day, count(*)::int AS n, 0 AS active FROM r GROUP BY day
            UNION ALL SELECT counts_utc_day(now()), 0, count(*)::int FROM activated HAVING count(*) > 0
          )
          INSERT INTO daily_counts AS c (day, shard, ${column}, active_users)
          SELECT day, counts_shard(), sum(n), sum(active) FROM deltas GROUP BY day ORDER BY day
          ON CONFLICT (day, shard) DO UPDATE
            SET ${column} = c.${column} + excluded.${column}, active_users = c.active_users + excluded.active_users;`
          : `
          WITH queued AS (
            INSERT INTO activity_rechecks (user_id) SELECT DISTINCT user_id FROM ${rows} ORDER BY 1
            ON CONFLICT DO NOTHING
          )
          INSERT INTO daily_counts AS c (day, shard, ${column})
          SELECT counts_utc_day(${at}), counts_shard(), -count(*) FROM ${rows} GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET ${column} = c.${column} + excluded.${column};`,
      );
    }
    await plusMinus(
      'counts_views',
      (rows, sign) => `
          INSERT INTO daily_counts AS c (day, shard, views)
          SELECT counts_utc_day(viewed_at), counts_shard(), ${sign}count(*) FROM ${rows} GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET views = c.views + excluded.views;`,
    );
    // a deleted user's own flag is taken off here (its queued recheck will not find the row)
    await plusMinus(
      'counts_users',
      (rows, sign) => `
          INSERT INTO daily_counts AS c (day, shard, users, active_users, saved_accounts)
          SELECT counts_utc_day(created_at), counts_shard(), ${sign}count(*),
                 ${sign}count(*) FILTER (WHERE active), ${sign}count(*) FILTER (WHERE email_verified)
            FROM ${rows} GROUP BY 1 ORDER BY 1
          ON CONFLICT (day, shard) DO UPDATE SET users = c.users + excluded.users,
            active_users = c.active_users + excluded.active_users,
            saved_accounts = c.saved_accounts + excluded.saved_accounts;`,
    );
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
        UPDATE users SET active = true
         WHERE NOT active AND id IN (SELECT user_id FROM media UNION SELECT user_id FROM votes);
        UPDATE users SET active = false
         WHERE active
           AND NOT EXISTS (SELECT 1 FROM media m WHERE m.user_id = users.id)
           AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = users.id);
        DELETE FROM activity_rechecks;
        DELETE FROM daily_counts;
        INSERT INTO daily_counts (day, shard, users, uploads, votes, views, active_users, saved_accounts)
        SELECT day, 0, sum(users), sum(uploads), sum(votes), sum(views), sum(active), sum(saved) FROM (
          SELECT counts_utc_day(created_at) AS day, count(*) AS users, 0 AS uploads, 0 AS votes, 0 AS views,
                 count(*) FILTER (WHERE active) AS active, count(*) FILTER (WHERE email_verified) AS saved
            FROM users GROUP BY 1
          UNION ALL SELECT counts_utc_day(uploaded_at), 0, count(*), 0, 0, 0, 0 FROM media GROUP BY 1
          UNION ALL SELECT counts_utc_day(voted_at), 0, 0, count(*), 0, 0, 0 FROM votes GROUP BY 1
          UNION ALL SELECT counts_utc_day(viewed_at), 0, 0, 0, count(*), 0, 0 FROM views GROUP BY 1
        ) x GROUP BY day;
      END $$`);
    // the queued rechecks: lock the users (waits for their votes in flight), then look with a fresh
    // snapshot (a new statement) and clear the flags of users with no upload and no vote left.
    // Books into shard 8, which only this function writes: it never waits on a writer's shard row.
    await q.query(`
      CREATE FUNCTION counts_settle(batch integer DEFAULT 5000) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        ids integer[];
        cleared integer;
      BEGIN
        SELECT array_agg(user_id ORDER BY user_id) INTO ids FROM (
          SELECT user_id FROM activity_rechecks ORDER BY user_id LIMIT batch FOR UPDATE SKIP LOCKED) x;
        IF ids IS NULL THEN
          RETURN 0;
        END IF;
        PERFORM 1 FROM users WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
        WITH off AS (
          UPDATE users SET active = false
           WHERE id = ANY(ids) AND active
             AND NOT EXISTS (SELECT 1 FROM media m WHERE m.user_id = users.id)
             AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = users.id)
          RETURNING 1)
        SELECT count(*) INTO cleared FROM off;
        DELETE FROM activity_rechecks WHERE user_id = ANY(ids);
        IF cleared > 0 THEN
          INSERT INTO daily_counts AS c (day, shard, active_users) VALUES (counts_utc_day(now()), 8, -cleared)
          ON CONFLICT (day, shard) DO UPDATE SET active_users = c.active_users + excluded.active_users;
        END IF;
        RETURN cardinality(ids);
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
      `DROP FUNCTION counts_truncated(), counts_settle(integer), counts_rebuild(), counts_users_saved(), counts_users(), counts_views(),
         counts_media(), counts_votes(), counts_utc_day(timestamptz), counts_shard()`,
    );
    await q.query(`ALTER TABLE users DROP COLUMN active`);
    await q.query(`DROP TABLE daily_counts, activity_rechecks`);
  }
}
