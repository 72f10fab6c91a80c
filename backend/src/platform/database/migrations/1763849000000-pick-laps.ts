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
 * - Two requests of one user (two tabs) move the place compare-and-set: the later one walks on
 *   from where the first left it, so they get different items.
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
     * Rated stretches of a user's order, found by earlier walks, so a heavy voter's walk jumps
     * them instead of probing every vote again: every item that is not hidden, has
     * (random_key, id) in (lo, hi] and pick_seq <= seq, is the user's own or voted on. Items
     * with a larger pick_seq (uploaded or unhidden since) may lie inside: a walk checks for them
     * before it jumps. A cache: losing a row costs only a longer walk.
     */
    await q.query(`
      CREATE TABLE pick_skips (
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        lo_key  double precision NOT NULL,
        lo_id   integer NOT NULL,
        hi_key  double precision NOT NULL,
        hi_id   integer NOT NULL,
        seq     bigint NOT NULL,
        PRIMARY KEY (user_id, lo_key, lo_id)
      )`);

    /* Records the rated stretch (lo, hi] of p_user, merging the saved ones that start inside it. */
    await q.query(`
      CREATE FUNCTION pick_skip_save(p_user integer, lo_k double precision, lo_i integer,
                                     hi_k double precision, hi_i integer, p_seq bigint) RETURNS void
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        DELETE FROM pick_skips
         WHERE user_id = p_user AND (lo_key, lo_id) >= (lo_k, lo_i) AND (lo_key, lo_id) <= (hi_k, hi_i);
        INSERT INTO pick_skips VALUES (p_user, lo_k, lo_i, hi_k, hi_i, p_seq)
          ON CONFLICT (user_id, lo_key, lo_id) DO UPDATE SET hi_key = EXCLUDED.hi_key, hi_id = EXCLUDED.hi_id, seq = EXCLUDED.seq;
      EXCEPTION WHEN deadlock_detected OR unique_violation THEN
        NULL; -- another tab of this user saving the same stretch: the cache may miss it
      END $$`);

    /*
     * The next item for p_user: not hidden, not own, not voted, not in p_exclude. NULL when there
     * is none; when the only unvoted items are excluded, one of those (the client is holding it,
     * e.g. in its prefetch buffer: showing it again beats claiming everything is rated).
     * The wrap is a local of this call (two halves: after the place, then up to it); the saved
     * place moves only to an item answered.
     */
    await q.query(`
      CREATE FUNCTION pick_media(p_user integer, p_exclude integer[]) RETURNS integer
      LANGUAGE plpgsql VOLATILE
      -- one plan whatever the statistics say: the index in order, a votes primary-key probe per item
      SET enable_sort = off SET enable_seqscan = off SET enable_bitmapscan = off
      SET enable_hashjoin = off SET enable_mergejoin = off SET enable_material = off
      AS $$
      DECLARE
        lap pick_laps%ROWTYPE;
        newest bigint;
        fallback integer;
        picked integer;
        r record;
        p record;
        sk record;
        moved integer := 0;
        half integer;
        ck double precision; ci integer;  -- the walk's cursor (exclusive)
        ek double precision; ei integer;  -- the end of this half (inclusive)
        lk double precision; li integer;  -- where the current rated streak began (exclusive)
        long boolean;                     -- the streak is worth saving (a jump, or 64 items or more)
      BEGIN
        -- the place is a hint, not a record: a crash that loses the last moves only repeats items,
        -- so a pick never waits for a disk flush
        PERFORM set_config('synchronous_commit', 'off', true);
        LOOP
          SELECT * INTO lap FROM pick_laps WHERE user_id = p_user;
          IF NOT FOUND THEN
            -- a new user starts at a random place of the order
            INSERT INTO pick_laps (user_id, pos_key, pos_id) VALUES (p_user, random(), 0)
              ON CONFLICT (user_id) DO NOTHING;
            CONTINUE;
          END IF;

          IF lap.done_seq IS NOT NULL THEN
            -- everything up to done_seq was rated: only items that became pickable since count
            newest := lap.done_seq;
            FOR r IN SELECT m.id, m.user_id, m.pick_seq FROM media m
                      WHERE NOT m.hidden AND m.pick_seq > lap.done_seq ORDER BY m.pick_seq LOOP
              IF r.user_id = p_user OR EXISTS (SELECT 1 FROM votes v WHERE v.user_id = p_user AND v.media_id = r.id)
                 OR EXISTS (SELECT 1 FROM reports rp WHERE rp.user_id = p_user AND rp.media_id = r.id) THEN
                -- rated: done_seq may pass it, unless an unrated (excluded) item lies before it
                IF fallback IS NULL THEN newest := r.pick_seq; END IF;
              ELSIF r.id = ANY(p_exclude) THEN
                fallback := coalesce(fallback, r.id);
              ELSE
                picked := r.id;
                EXIT;
              END IF;
            END LOOP;
            IF newest > lap.done_seq THEN
              UPDATE pick_laps SET done_seq = greatest(done_seq, newest) WHERE user_id = p_user;
            END IF;
            RETURN coalesce(picked, fallback);
          END IF;

          -- read before the walk: every item with pick_seq <= newest is committed, so the walk sees it
          SELECT coalesce(max(m.pick_seq), 0) INTO newest FROM media m WHERE NOT m.hidden;
          fallback := NULL;
          picked := NULL;
          FOR half IN 1..2 LOOP
            IF half = 1 THEN
              ck := lap.pos_key; ci := lap.pos_id; ek := 2; ei := 2147483647;
            ELSE
              ck := -1; ci := 0; ek := lap.pos_key; ei := lap.pos_id;
            END IF;
            lk := ck; li := ci; long := false;
            LOOP
              -- a saved rated stretch holding the cursor: jump to its end
              SELECT * INTO sk FROM pick_skips s
               WHERE s.user_id = p_user AND (s.lo_key, s.lo_id) <= (ck, ci)
               ORDER BY s.lo_key DESC, s.lo_id DESC LIMIT 1;
              IF FOUND AND (sk.hi_key, sk.hi_id) > (ck, ci) THEN
                IF sk.seq < newest AND EXISTS (
                     SELECT 1 FROM media m WHERE NOT m.hidden AND m.pick_seq > sk.seq
                        AND (m.random_key, m.id) > (sk.lo_key, sk.lo_id) AND (m.random_key, m.id) <= (sk.hi_key, sk.hi_id)) THEN
                  -- something newer lies in it: walk it instead
                  DELETE FROM pick_skips WHERE user_id = p_user AND lo_key = sk.lo_key AND lo_id = sk.lo_id;
                ELSE
                  long := true;
                  IF (sk.hi_key, sk.hi_id) >= (ek, ei) THEN
                    ck := ek; ci := ei;
                    EXIT;
                  END IF;
                  ck := sk.hi_key; ci := sk.hi_id;
                END IF;
              END IF;
              -- the first unrated item among the next 64 of the order
              SELECT w.id, w.random_key INTO r FROM (
                SELECT m.id, m.random_key, m.user_id FROM media m
                 WHERE NOT m.hidden AND (m.random_key, m.id) > (ck, ci) AND (m.random_key, m.id) <= (ek, ei)
                 ORDER BY m.random_key, m.id LIMIT 64) w
               WHERE w.user_id <> p_user
                 AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = p_user AND v.media_id = w.id)
                 AND NOT EXISTS (SELECT 1 FROM reports rp WHERE rp.user_id = p_user AND rp.media_id = w.id)
               ORDER BY w.random_key, w.id LIMIT 1;
              IF NOT FOUND THEN
                -- 64 rated items in a row: the streak goes on after them
                SELECT m.random_key, m.id INTO p FROM media m
                 WHERE NOT m.hidden AND (m.random_key, m.id) > (ck, ci) AND (m.random_key, m.id) <= (ek, ei)
                 ORDER BY m.random_key, m.id OFFSET 63 LIMIT 1;
                IF NOT FOUND THEN
                  ck := ek; ci := ei; -- rated up to the end of this half
                  EXIT;
                END IF;
                ck := p.random_key; ci := p.id; long := true;
                CONTINUE;
              END IF;
              IF long THEN
                -- the streak ends at the item before r
                SELECT m.random_key, m.id INTO p FROM media m
                 WHERE NOT m.hidden AND (m.random_key, m.id) < (r.random_key, r.id)
                 ORDER BY m.random_key DESC, m.id DESC LIMIT 1;
                IF FOUND AND (p.random_key, p.id) > (lk, li) THEN
                  PERFORM pick_skip_save(p_user, lk, li, p.random_key, p.id, newest);
                END IF;
              END IF;
              IF r.id = ANY(p_exclude) THEN
                -- the client holds it: not this answer, and not rated either
                fallback := coalesce(fallback, r.id);
                ck := r.random_key; ci := r.id; lk := ck; li := ci; long := false;
                CONTINUE;
              END IF;
              picked := r.id;
              EXIT;
            END LOOP;
            EXIT WHEN picked IS NOT NULL;
            IF long AND (ck, ci) > (lk, li) THEN
              PERFORM pick_skip_save(p_user, lk, li, ck, ci, newest);
            END IF;
          END LOOP;

          IF picked IS NOT NULL THEN
            -- moves the place only if no other request of this user (another tab) moved it meanwhile
            UPDATE pick_laps SET pos_key = r.random_key, pos_id = r.id
             WHERE user_id = p_user AND pos_key = lap.pos_key AND pos_id = lap.pos_id AND done_seq IS NULL;
            IF FOUND OR moved >= 3 THEN RETURN picked; END IF;
            moved := moved + 1;
            CONTINUE; -- walk on from where the other request left the place
          END IF;

          -- a whole lap and nothing unrated outside p_exclude
          IF fallback IS NULL THEN
            UPDATE pick_laps SET done_seq = newest WHERE user_id = p_user AND done_seq IS NULL;
          END IF;
          RETURN fallback;
        END LOOP;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION pick_media(integer, integer[])`);
    await q.query(
      `DROP FUNCTION pick_skip_save(integer, double precision, integer, double precision, integer, bigint)`,
    );
    await q.query(`DROP TABLE pick_skips`);
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
