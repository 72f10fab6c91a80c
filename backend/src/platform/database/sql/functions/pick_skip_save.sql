-- Records the rated stretch (lo, hi] of p_user in pick_skips, merging the saved ones that start
-- inside it. pick_skips is a cache: losing a row costs only a longer walk.
CREATE OR REPLACE FUNCTION pick_skip_save(p_user integer, lo_k double precision, lo_i integer,
                                          hi_k double precision, hi_i integer, p_seq bigint) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  DELETE FROM pick_skips
   WHERE user_id = p_user AND (lo_key, lo_id) >= (lo_k, lo_i) AND (lo_key, lo_id) <= (hi_k, hi_i);
  INSERT INTO pick_skips VALUES (p_user, lo_k, lo_i, hi_k, hi_i, p_seq)
    ON CONFLICT (user_id, lo_key, lo_id) DO UPDATE SET hi_key = EXCLUDED.hi_key, hi_id = EXCLUDED.hi_id, seq = EXCLUDED.seq;
EXCEPTION WHEN deadlock_detected OR unique_violation THEN
  NULL; -- another tab of this user saving the same stretch: the cache may miss it
END $$;
