import { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { ObjectStorage } from '../../src/platform/storage/object-storage.js';
import type { TestApp } from './test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Query = (sql: string, params?: unknown[]) => Promise<Json[]>;

export const queryOf =
  (t: TestApp): Query =>
  (sql, params) =>
    t.app.get(DataSource).query(sql, params);

/**
 * A big account, seeded straight into the tables for speed: `uploads` items with their original
 * and a thumbnail stored (real objects, through the app's storage), `votes` votes and as many views
 * on other people's items (created here, rows only), plus votes and views of others on its items.
 * Answers the storage keys it stored.
 */
export async function seedBigAccount(
  t: TestApp,
  q: Query,
  o: { userId: number; otherId: number; uploads: number; votes: number },
): Promise<string[]> {
  const storage = t.app.get(ObjectStorage);
  const tag = Math.random().toString(36).slice(2, 8);
  const keys: string[] = [];
  for (let i = 0; i < o.uploads; i++) {
    const key = `test/${tag}/${i}.jpg`;
    const thumb = `renditions/${key}/thumb-${i}.webp`;
    await storage.put(key, Readable.from([Buffer.from(`original ${i}`)]), 'image/jpeg');
    await storage.put(thumb, Readable.from([Buffer.from(`thumb ${i}`)]), 'image/webp');
    keys.push(key, thumb);
    await q(
      `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, renditions_state, renditions)
       VALUES ($1, $2, $3, 'image/jpeg', 10, 'ready', $4::jsonb)`,
      [
        o.userId,
        key,
        `${i}.jpg`,
        JSON.stringify({ thumb: { key: thumb, mimeType: 'image/webp', width: 4, height: 3, bytes: 7 } }),
      ],
    );
  }
  // the other user's items the account votes on (rows only: their files are not what is checked)
  await q(
    `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, renditions_state)
     SELECT $1, 'other/' || $2 || '/' || g || '.png', g || '.png', 'image/png', 100, 'ready'
       FROM generate_series(1, $3::int) g`,
    [o.otherId, tag, o.votes],
  );
  await q(
    `INSERT INTO votes (user_id, media_id, is_hot)
     SELECT $1, id, id % 3 = 0 FROM media WHERE storage_key LIKE 'other/' || $2 || '/%'`,
    [o.userId, tag],
  );
  await q(
    `INSERT INTO views (user_id, media_id) SELECT $1, id FROM media WHERE storage_key LIKE 'other/' || $2 || '/%'`,
    [o.userId, tag],
  );
  // and the other user votes on and views the account's items (those go with the items)
  await q(`INSERT INTO votes (user_id, media_id, is_hot) SELECT $1, id, true FROM media WHERE user_id = $2`, [
    o.otherId,
    o.userId,
  ]);
  await q(`INSERT INTO views (user_id, media_id) SELECT $1, id FROM media WHERE user_id = $2`, [o.otherId, o.userId]);
  // and through the other user's share link of one of its items: a view and a vote counted on the link
  const [link] = await q(
    `INSERT INTO share_links (share_id, media_id, user_id, views, votes)
     SELECT $1, id, user_id, 1, 1 FROM media WHERE user_id = $2 ORDER BY id LIMIT 1 RETURNING id`,
    [`link${tag}`, o.otherId],
  );
  await q(`INSERT INTO share_visits (share_link_id, user_id, kind) VALUES ($1, $2, 'view'), ($1, $2, 'vote')`, [
    link.id,
    o.userId,
  ]);
  await recountTallies(q);
  return keys;
}

/** Sets every item's counters from the rows (what the vote and view paths keep them at). */
async function recountTallies(q: Query) {
  await q(`UPDATE media m SET
      total_votes = (SELECT count(*) FROM votes v WHERE v.media_id = m.id),
      hot_votes = (SELECT count(*) FROM votes v WHERE v.media_id = m.id AND v.is_hot),
      total_views = (SELECT count(*) FROM views w WHERE w.media_id = m.id)`);
}

/** Items whose counters differ from a recount of the votes and views tables: a ghost, if any. */
export async function ghostTallies(q: Query): Promise<Json[]> {
  return q(`SELECT m.id, m.total_votes, m.hot_votes, m.total_views,
      (SELECT count(*) FROM votes v WHERE v.media_id = m.id)::int AS votes,
      (SELECT count(*) FROM votes v WHERE v.media_id = m.id AND v.is_hot)::int AS hot,
      (SELECT count(*) FROM views w WHERE w.media_id = m.id)::int AS views
    FROM media m
    WHERE m.total_votes <> (SELECT count(*) FROM votes v WHERE v.media_id = m.id)
       OR m.hot_votes <> (SELECT count(*) FROM votes v WHERE v.media_id = m.id AND v.is_hot)
       OR m.total_views <> (SELECT count(*) FROM views w WHERE w.media_id = m.id)`);
}

/** Share links whose view or vote counters differ from their visits. */
export async function ghostShareCounts(q: Query): Promise<Json[]> {
  return q(`SELECT l.id, l.views, l.votes FROM share_links l
    WHERE l.views <> (SELECT count(*) FROM share_visits s WHERE s.share_link_id = l.id AND s.kind = 'view')
       OR l.votes <> (SELECT count(*) FROM share_visits s WHERE s.share_link_id = l.id AND s.kind = 'vote')`);
}

/** Every row anywhere that still names the user. */
export async function rowsOf(q: Query, userId: number): Promise<Record<string, number>> {
  const [r] = await q(
    `SELECT (SELECT count(*) FROM users WHERE id = $1)::int AS users,
            (SELECT count(*) FROM sessions WHERE user_id = $1)::int AS sessions,
            (SELECT count(*) FROM media WHERE user_id = $1)::int AS media,
            (SELECT count(*) FROM votes WHERE user_id = $1)::int AS votes,
            (SELECT count(*) FROM views WHERE user_id = $1)::int AS views,
            (SELECT count(*) FROM reports WHERE user_id = $1)::int AS reports,
            (SELECT count(*) FROM magic_link_tokens WHERE user_id = $1)::int AS magic_links,
            (SELECT count(*) FROM share_links WHERE user_id = $1)::int AS share_links,
            (SELECT count(*) FROM share_visits WHERE user_id = $1)::int AS share_visits,
            (SELECT count(*) FROM pick_laps WHERE user_id = $1)::int AS pick_laps`,
    [userId],
  );
  return r;
}
