-- The lower bound of the Wilson 95 % interval of the hot share (0 without votes), the same rule as
-- the web apps' lib/confidence.ts; the admin Media list sorts by it, so 90 hot of 100 ranks above
-- 3 of 3. One SQL expression, so the planner inlines it. z = 1.959964; z²/2 = 1.920729,
-- z²/4 = 0.960365, z² = 3.841459. All float8: numeric literals would make it numeric arithmetic,
-- several times slower per row. The index media_hot_score_id holds its values (migration
-- 1796100000000-admin-lists-at-scale): a change of the formula here needs REINDEX INDEX
-- media_hot_score_id in the same migration, or the index answers the old order.
CREATE OR REPLACE FUNCTION hot_score(hot integer, total integer) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN total <= 0 THEN 0::float8 ELSE greatest(0::float8,
    (hot::float8 / total + 1.920729::float8 / total
      - 1.959964::float8 * sqrt(hot::float8 * (total - hot) / total / total / total + 0.960365::float8 / total / total))
    / (1 + 3.841459::float8 / total)) END
$$;
