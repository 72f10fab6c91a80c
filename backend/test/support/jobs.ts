import { Readable } from 'node:stream';
import { ObjectStorage } from '../../src/platform/storage/object-storage.js';
import { asAdmin } from './admin.js';
import type { TestApp } from './test-app.js';

/** Job results and rows as JSON: the tests check them field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface JobBody {
  id: string;
  name: string;
  state: 'waiting' | 'active' | 'completed' | 'failed';
  progress: { percent: number; [k: string]: number };
  result: Json;
  error: string | null;
  attemptsMade: number;
  finishedAt: string | null;
}

/** Polls GET /api/admin/jobs/{id} until the job is finished (completed or failed). */
export async function waitForJob(t: TestApp, id: string, timeoutMs = 50_000): Promise<JobBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await asAdmin(t).get(`/api/admin/jobs/${id}`).expect(200);
    if (res.body.state === 'completed' || res.body.state === 'failed') return res.body as JobBody;
    if (Date.now() > deadline)
      throw new Error(`Job ${id} still ${res.body.state} after ${timeoutMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls until `check` answers something truthy. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 50_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Puts an object through the app's own storage adapter (s3rver or local disk). */
export async function putObject(t: TestApp, key: string, body: Buffer | string, type = 'application/octet-stream') {
  await t.app.get(ObjectStorage).put(key, Readable.from([Buffer.from(body)]), type);
}

export async function listKeys(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of t.app.get(ObjectStorage).list()) keys.push(f.key);
  return keys.sort();
}

type Query = (sql: string, params?: unknown[]) => Promise<Json[]>;

/** Gives `n` media rows to a new owner (set-based; population only needs rows, not files). */
export async function insertMediaRows(
  query: Query,
  n: number,
  tag = Math.random().toString(36).slice(2, 8),
): Promise<number> {
  const [owner] = await query(`INSERT INTO users (session_id, username) VALUES ($1, $2) RETURNING id`, [
    `owner${tag}`.padEnd(32, 'x').slice(0, 32),
    `Owner${tag}`,
  ]);
  await query(
    `INSERT INTO media (user_id, storage_key, original_name, mime_type, size)
     SELECT $1, 'seed/' || $2 || '/' || g || '.png', g || '.png', 'image/png', 100 FROM generate_series(1, $3::int) g`,
    [owner.id, tag, n],
  );
  return owner.id;
}

/**
 * What a population must leave behind, read straight from the tables: tallies equal to the rows,
 * 10–50 seeded votes per processed media, a view for every seeded vote, run totals equal to the rows.
 */
export async function populationFacts(query: Query) {
  const [run] = await query(`SELECT * FROM population_runs ORDER BY id DESC LIMIT 1`);
  const media: {
    id: number;
    total_votes: number;
    hot_votes: number;
    total_views: number;
    votes: number;
    hot: number;
    views: number;
    seeded: number;
  }[] = await query(`
      SELECT m.id, m.total_votes, m.hot_votes, m.total_views,
        coalesce(v.votes, 0)::int AS votes, coalesce(v.hot, 0)::int AS hot, coalesce(w.views, 0)::int AS views,
        coalesce(v.seeded, 0)::int AS seeded
      FROM media m
      LEFT JOIN (SELECT media_id, count(*) AS votes, count(*) FILTER (WHERE is_hot) AS hot, count(*) FILTER (WHERE is_seeded) AS seeded
                 FROM votes GROUP BY media_id) v ON v.media_id = m.id
      LEFT JOIN (SELECT media_id, count(*) AS views FROM views GROUP BY media_id) w ON w.media_id = m.id
      ORDER BY m.id`);
  const [counts] = await query(`
    SELECT
      (SELECT count(*) FROM votes WHERE is_seeded)::int AS seeded_votes,
      (SELECT count(*) FROM votes WHERE is_seeded AND is_hot)::int AS seeded_hot,
      (SELECT count(*) FROM users WHERE is_seeded)::int AS seeded_users,
      (SELECT min(id) FROM users WHERE is_seeded)::int AS min_user,
      (SELECT max(id) FROM users WHERE is_seeded)::int AS max_user,
      (SELECT count(*) FROM votes v WHERE is_seeded
         AND NOT EXISTS (SELECT 1 FROM views w WHERE w.user_id = v.user_id AND w.media_id = v.media_id))::int AS votes_without_view,
      (SELECT count(*) FROM votes v JOIN users u ON u.id = v.user_id WHERE v.is_seeded AND NOT u.is_seeded)::int AS seeded_votes_by_real_users`);
  return { run, media, ...counts } as {
    run: Json;
    media: typeof media;
    seeded_votes: number;
    seeded_hot: number;
    seeded_users: number;
    min_user: number;
    max_user: number;
    votes_without_view: number;
    seeded_votes_by_real_users: number;
  };
}

/** The invariants every population must keep, finished or not. */
export function expectConsistent(f: Awaited<ReturnType<typeof populationFacts>>) {
  for (const m of f.media) {
    expect({ id: m.id, votes: m.total_votes, hot: m.hot_votes, views: m.total_views }).toEqual({
      id: m.id,
      votes: m.votes,
      hot: m.hot,
      views: m.views,
    });
  }
  const processed = f.media.filter((m) => m.seeded > 0);
  expect(processed.length).toBe(f.run.media_processed);
  for (const m of processed) {
    expect(m.seeded).toBeGreaterThanOrEqual(10);
    expect(m.seeded).toBeLessThanOrEqual(50);
  }
  expect(Number(f.run.votes_inserted)).toBe(f.seeded_votes);
  expect(Number(f.run.hot_votes_inserted)).toBe(f.seeded_hot);
  expect(f.votes_without_view).toBe(0);
  expect(f.seeded_votes_by_real_users).toBe(0);
}
