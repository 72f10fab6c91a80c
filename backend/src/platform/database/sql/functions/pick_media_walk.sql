-- The walk of the random pick (called by pick_media(), which makes a user's picks take turns): a
-- per-user lap over one fixed random order, so its cost depends neither on how much the user has
-- voted nor on the planner's statistics.
--
-- - media_pickable (random_key, id) holds only pickable items: not hidden, renditions made (others
--   see renditions only, never an original; issue 26); (random_key, id) is a
--   total order even if two keys collide. pick_laps keeps each user's place in that order; the walk
--   goes forward from it with one fixed plan (index order, a votes and a reports primary-key probe
--   per candidate: an item the user reported counts as rated), wraps once, and saves the item it
--   answers as the new place: each lap shows every unvoted item once.
-- - media.pick_seq numbers items in the order they became pickable (upload, unhide). When a full
--   lap finds nothing, the lap stores the newest pick_seq it could see in done_seq: "rated all" then
--   holds, in one index probe, until an item with a larger pick_seq exists.
-- - Long rated stretches a walk passed are saved in pick_skips (pick_skip_save) and jumped next
--   time, unless an item uploaded or unhidden since (a larger pick_seq) lies inside.
-- - Two requests of one user move the place compare-and-set: the later one walks on from where the
--   first left it, so they get different items.
--
-- The next item for p_user: not hidden, rendered, not own, not voted, not reported, not in p_exclude. NULL
-- when there is none; when the only unvoted items are excluded, one of those (the client is holding
-- it, e.g. in its prefetch buffer: showing it again beats claiming everything is rated). The wrap
-- is a local of this call (two halves: after the place, then up to it); the saved place moves only
-- to an item answered.
CREATE OR REPLACE FUNCTION pick_media_walk(p_user integer, p_exclude integer[]) RETURNS integer
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
  walked integer;                   -- rated items of the streak probed one by one
  jumps integer;                    -- saved stretches of the streak jumped
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
                WHERE NOT m.hidden AND m.renditions_state = 'ready' AND m.pick_seq > lap.done_seq ORDER BY m.pick_seq LOOP
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
    SELECT coalesce(max(m.pick_seq), 0) INTO newest FROM media m WHERE NOT m.hidden AND m.renditions_state = 'ready';
    fallback := NULL;
    picked := NULL;
    FOR half IN 1..2 LOOP
      IF half = 1 THEN
        ck := lap.pos_key; ci := lap.pos_id; ek := 2; ei := 2147483647;
      ELSE
        ck := -1; ci := 0; ek := lap.pos_key; ei := lap.pos_id;
      END IF;
      lk := ck; li := ci; walked := 0; jumps := 0;
      LOOP
        -- a saved rated stretch holding the cursor: jump to its end
        SELECT * INTO sk FROM pick_skips s
         WHERE s.user_id = p_user AND (s.lo_key, s.lo_id) <= (ck, ci)
         ORDER BY s.lo_key DESC, s.lo_id DESC LIMIT 1;
        IF FOUND AND (sk.hi_key, sk.hi_id) > (ck, ci) THEN
          IF sk.seq < newest AND EXISTS (
               SELECT 1 FROM media m WHERE NOT m.hidden AND m.renditions_state = 'ready' AND m.pick_seq > sk.seq
                  AND (m.random_key, m.id) > (sk.lo_key, sk.lo_id) AND (m.random_key, m.id) <= (sk.hi_key, sk.hi_id)) THEN
            -- something newer lies in it: walk it instead
            DELETE FROM pick_skips WHERE user_id = p_user AND lo_key = sk.lo_key AND lo_id = sk.lo_id;
          ELSE
            jumps := jumps + 1;
            IF (sk.hi_key, sk.hi_id) >= (ek, ei) THEN
              ck := ek; ci := ei;
              EXIT;
            END IF;
            ck := sk.hi_key; ci := sk.hi_id;
          END IF;
        END IF;
        -- the first unrated item among the next 64 of the order
        SELECT w.id, w.random_key, w.n INTO r FROM (
          SELECT m.id, m.random_key, m.user_id, row_number() OVER () AS n FROM media m
           WHERE NOT m.hidden AND m.renditions_state = 'ready' AND (m.random_key, m.id) > (ck, ci) AND (m.random_key, m.id) <= (ek, ei)
           ORDER BY m.random_key, m.id LIMIT 64) w
         WHERE w.user_id <> p_user
           AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = p_user AND v.media_id = w.id)
           AND NOT EXISTS (SELECT 1 FROM reports rp WHERE rp.user_id = p_user AND rp.media_id = w.id)
         ORDER BY w.random_key, w.id LIMIT 1;
        IF NOT FOUND THEN
          -- 64 rated items in a row: the streak goes on after them
          SELECT m.random_key, m.id INTO p FROM media m
           WHERE NOT m.hidden AND m.renditions_state = 'ready' AND (m.random_key, m.id) > (ck, ci) AND (m.random_key, m.id) <= (ek, ei)
           ORDER BY m.random_key, m.id OFFSET 63 LIMIT 1;
          IF NOT FOUND THEN
            ck := ek; ci := ei; -- rated up to the end of this half
            EXIT;
          END IF;
          ck := p.random_key; ci := p.id; walked := walked + 64;
          CONTINUE;
        END IF;
        walked := walked + r.n - 1;
        -- worth saving: a stretch walked item by item, or saved ones to merge
        IF walked >= 8 OR jumps >= 2 THEN
          -- the streak ends at the item before r
          SELECT m.random_key, m.id INTO p FROM media m
           WHERE NOT m.hidden AND m.renditions_state = 'ready' AND (m.random_key, m.id) < (r.random_key, r.id)
           ORDER BY m.random_key DESC, m.id DESC LIMIT 1;
          IF FOUND AND (p.random_key, p.id) > (lk, li) THEN
            PERFORM pick_skip_save(p_user, lk, li, p.random_key, p.id, newest);
          END IF;
        END IF;
        IF r.id = ANY(p_exclude) THEN
          -- the client holds it: not this answer, and not rated either
          fallback := coalesce(fallback, r.id);
          ck := r.random_key; ci := r.id; lk := ck; li := ci; walked := 0; jumps := 0;
          CONTINUE;
        END IF;
        picked := r.id;
        EXIT;
      END LOOP;
      EXIT WHEN picked IS NOT NULL;
      IF (walked >= 8 OR jumps >= 2) AND (ck, ci) > (lk, li) THEN
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
END $$;
