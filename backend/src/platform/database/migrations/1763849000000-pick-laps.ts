import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The random pick as a per-user lap over one fixed random order, so its cost never depends on
 * how much a user has voted or on the planner's estimates.
 *
 * - `media_pickable` (random_key, id) holds only items that are not hidden: the walk never
 *   meets a hidden row. (random_key, id) is a total order even if two keys collide.
 * - `pick_laps` keeps each user's place in that order. `pick_media()` walks forward from it
 *   with one fixed plan (index order, a votes and a reports primary-key probe per candidate:
 *   an item the user reported counts as rated), wraps once,
 *   and saves the item it answers as the new place: each lap shows every unvoted item once,
 *   skipped items come round again on the next lap.
 * - `media.pick_seq` numbers items in the order they became pickable (upload, unhide). When a
 *   full lap finds nothing, the lap stores the newest pick_seq it could see in `done_seq`:
 *   "rated all" then holds, in one index probe, until an item with a larger pick_seq exists,
 *   and only those newer items are looked at.
 * - Race: every statement that hands out pick_seq values holds one transaction-level advisory
 *   lock from before its first nextval to its commit, so pick_seq values become visible in
 *   order: an item committed later never has a smaller pick_seq than one a lap already saw.
 *   Picks never take that lock.
 */
export class PickLaps1763849000000 implements MigrationInterface {
  name = 'PickLaps1763849000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE media_pick_seq AS bigint`);
    await q.query(`ALTER TABLE media ADD COLUMN pick_seq bigint`);
    await q.query(`ALTER SEQUENCE media_pick_seq OWNED BY media.pick_seq`);
    await q.query(`UPDATE media SET pick_seq = nextval('media_pick_seq')`);
    await q.query(`ALTER TABLE media ALTER COLUMN pick_seq SET DEFAULT nextval('media_pick_seq')`);
    await q.query(`ALTER TABLE media ALTER COLUMN pick_seq SET NOT NULL`);
    await q.query(`CREATE INDEX media_pickable ON media (random_key, id) INCLUDE (user_id) WHERE NOT hidden`);
    await q.query(`CREATE INDEX media_by_pick_seq ON media (pick_seq) INCLUDE (user_id) WHERE NOT hidden`);

    // 7263110043: any fixed number, "pick_seq is being handed out"
    await q.query(`
      CREATE FUNCTION media_pick_seq_lock() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(7263110043);
        RETURN NULL;
      END $$`);
    // statement level, BEFORE: runs before the rows' defaults call nextval
    await q.query(`
      CREATE TRIGGER media_pick_seq_insert BEFORE INSERT ON media
      FOR EACH STATEMENT EXECUTE FUNCTION media_pick_seq_lock()`);
    await q.query(`
      CREATE FUNCTION media_unhidden() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_advisory_xact_lock(7263110043);
        NEW.pick_seq := nextval('media_pick_seq');
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER media_unhidden BEFORE UPDATE OF hidden ON media
      FOR EACH ROW WHEN (OLD.hidden AND NOT NEW.hidden) EXECUTE FUNCTION media_unhidden()`);

    await q.query(`
      CREATE TABLE pick_laps (
        user_id  integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        pos_key  double precision NOT NULL,
        pos_id   integer NOT NULL,
        done_seq bigint
      )`);

    /*
     * The next item for p_user: not hidden, not own, not voted, not in p_exclude. NULL when there
     * is none; when the only unvoted items are excluded, one of those (the client is holding it,
     * e.g. in its prefetch buffer: showing it again beats claiming everything is rated).
     * The lap's wrap is a local of this call; the saved place moves only to an item answered.
     */
    await q.query(`
      CREATE FUNCTION pick_media(p_user integer, p_exclude integer[]) RETURNS integer
      LANGUAGE plpgsql VOLATILE
      -- one plan whatever the statistics say: walk the index in order, probe the votes key
      SET enable_sort = off SET enable_seqscan = off SET enable_bitmapscan = off
      SET enable_hashjoin = off SET enable_mergejoin = off
      AS $$
      DECLARE
        lap pick_laps%ROWTYPE;
        seen bigint;
        newest bigint;
        fallback integer;
        picked integer;
        r record;
      BEGIN
        -- two tabs of one user take turns here, so each sees the place the other saved
        SELECT * INTO lap FROM pick_laps WHERE user_id = p_user FOR UPDATE;
        IF NOT FOUND THEN
          -- a new user starts at a random place of the order
          INSERT INTO pick_laps (user_id, pos_key, pos_id) VALUES (p_user, random(), 0)
            ON CONFLICT (user_id) DO NOTHING;
          SELECT * INTO lap FROM pick_laps WHERE user_id = p_user FOR UPDATE;
        END IF;

        IF lap.done_seq IS NOT NULL THEN
          seen := lap.done_seq;
          -- everything up to done_seq was rated: only items that became pickable since count
          FOR r IN SELECT m.id, m.user_id, m.pick_seq FROM media m
                    WHERE NOT m.hidden AND m.pick_seq > lap.done_seq ORDER BY m.pick_seq LOOP
            IF r.user_id = p_user OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = p_user AND v.media_id = r.id)
            OR EXISTS (SELECT 1 FROM reports rp WHERE rp.user_id = p_user AND rp.media_id = r.id) THEN
              -- rated: done_seq may pass it, unless an unrated (excluded) item lies before it
              IF fallback IS NULL THEN lap.done_seq := r.pick_seq; END IF;
            ELSIF r.id = ANY(p_exclude) THEN
              fallback := coalesce(fallback, r.id);
            ELSE
              picked := r.id;
              EXIT;
            END IF;
          END LOOP;
          IF lap.done_seq <> seen THEN
            UPDATE pick_laps SET done_seq = lap.done_seq WHERE user_id = p_user;
          END IF;
          RETURN coalesce(picked, fallback);
        END IF;

        -- read before the walk: every item with pick_seq <= newest is committed, so the walk sees it
        SELECT coalesce(max(m.pick_seq), 0) INTO newest FROM media m WHERE NOT m.hidden;

        -- from just after the saved place to the end of the order ...
        FOR r IN SELECT m.id, m.user_id, m.random_key FROM media m
                  WHERE NOT m.hidden AND (m.random_key, m.id) > (lap.pos_key, lap.pos_id)
                  ORDER BY m.random_key, m.id LOOP
          CONTINUE WHEN r.user_id = p_user
            OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = p_user AND v.media_id = r.id)
            OR EXISTS (SELECT 1 FROM reports rp WHERE rp.user_id = p_user AND rp.media_id = r.id);
          IF r.id = ANY(p_exclude) THEN
            fallback := coalesce(fallback, r.id);
            CONTINUE;
          END IF;
          UPDATE pick_laps SET pos_key = r.random_key, pos_id = r.id WHERE user_id = p_user;
          RETURN r.id;
        END LOOP;
        -- ... then, wrapped, from the start up to the saved place itself
        FOR r IN SELECT m.id, m.user_id, m.random_key FROM media m
                  WHERE NOT m.hidden AND (m.random_key, m.id) <= (lap.pos_key, lap.pos_id)
                  ORDER BY m.random_key, m.id LOOP
          CONTINUE WHEN r.user_id = p_user
            OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = p_user AND v.media_id = r.id)
            OR EXISTS (SELECT 1 FROM reports rp WHERE rp.user_id = p_user AND rp.media_id = r.id);
          IF r.id = ANY(p_exclude) THEN
            fallback := coalesce(fallback, r.id);
            CONTINUE;
          END IF;
          UPDATE pick_laps SET pos_key = r.random_key, pos_id = r.id WHERE user_id = p_user;
          RETURN r.id;
        END LOOP;

        -- a whole lap and nothing unrated outside p_exclude
        IF fallback IS NULL THEN
          UPDATE pick_laps SET done_seq = newest WHERE user_id = p_user;
        END IF;
        RETURN fallback;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION pick_media(integer, integer[])`);
    await q.query(`DROP TABLE pick_laps`);
    await q.query(`DROP TRIGGER media_unhidden ON media`);
    await q.query(`DROP FUNCTION media_unhidden()`);
    await q.query(`DROP TRIGGER media_pick_seq_insert ON media`);
    await q.query(`DROP FUNCTION media_pick_seq_lock()`);
    await q.query(`DROP INDEX media_by_pick_seq`);
    await q.query(`DROP INDEX media_pickable`);
    await q.query(`ALTER TABLE media DROP COLUMN pick_seq`);
  }
}
