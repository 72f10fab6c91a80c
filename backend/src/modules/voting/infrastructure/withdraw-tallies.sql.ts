/**
 * The CTEs that take deleted votes and views off the media tallies, in the statement that deletes
 * them: the statement defines `dv` (`DELETE FROM votes … RETURNING media_id, is_hot`) and `dw`
 * (`DELETE FROM views … RETURNING media_id`) before these, so the counters lose exactly what went,
 * whatever ran meanwhile (a decrement, never a recount that a concurrent vote could race).
 * Used by the population's removal and by account deletion; defines `tallies` (the media updated).
 */
export const WITHDRAW_TALLIES = `
  pv AS (SELECT media_id, count(*)::int AS votes, count(*) FILTER (WHERE is_hot)::int AS hot FROM dv GROUP BY media_id),
  pw AS (SELECT media_id, count(*)::int AS views FROM dw GROUP BY media_id),
  tallies AS (
    UPDATE media m SET
      total_votes = m.total_votes - coalesce(pv.votes, 0),
      hot_votes = m.hot_votes - coalesce(pv.hot, 0),
      total_views = m.total_views - coalesce(pw.views, 0)
    FROM (SELECT media_id FROM pv UNION SELECT media_id FROM pw) x
      LEFT JOIN pv USING (media_id) LEFT JOIN pw USING (media_id)
    WHERE m.id = x.media_id
    RETURNING m.id
  )`;
