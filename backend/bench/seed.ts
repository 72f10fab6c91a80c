import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** A seeded user the bench sends requests as (cookie `vibe_session=<sessionId>`). */
export interface BenchUser {
  id: number;
  sessionId: string;
  cookie: string;
  username: string;
}

/** A user who has voted on exactly `votedShare` of all media. */
export interface ProbeUser extends BenchUser {
  votedShare: number;
  votes: number;
}

export interface SeedInfo {
  media: number;
  /** Votes actually inserted (can exceed the request when the probe users alone need more). */
  votes: number;
  users: number;
  /** Media ids are contiguous: first..last. */
  mediaIds: { first: number; last: number };
  /** Users who voted on 0 %, 50 %, 99 %, 99.9 % and 100 % of the media (and uploaded none). */
  probes: ProbeUser[];
  /** Users with no votes and no uploads, for POST /api/votes. */
  voters: BenchUser[];
  seconds: number;
}

export interface SeedOptions {
  media: number;
  votes: number;
  log?: (message: string) => void;
}

/** The last one has rated everything: its pick answers "rated all". */
export const PROBE_SHARES = [0, 0.5, 0.99, 0.999, 1] as const;
const VOTERS = 3;
/** Votes per filler user: spreads the filler over many users, each voting on distinct media. */
const VOTES_PER_FILLER = 200;

const newSessionId = () =>
  randomBytes(48)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 32)
    .padEnd(32, '0');

/** 0.5 → "50 %", 0.999 → "99.9 %". */
export const percent = (share: number) => `${Number((share * 100).toFixed(1))} %`;

/**
 * Fills a freshly migrated database with set-based SQL: uploaders, media, probe users with an
 * exact share of media voted, filler votes up to `votes`, tallies on the media rows matching
 * the votes table, then VACUUM ANALYZE so the planner sees the real sizes (and the visibility
 * map allows index-only scans, as on a settled production table).
 */
export async function seed(pool: pg.Pool, options: SeedOptions): Promise<SeedInfo> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const M = options.media;
  const client = await pool.connect();
  try {
    // throwaway data: durability of each statement does not matter
    await client.query('SET synchronous_commit = off');
    const [{ n: existing }] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM media')).rows as [
      { n: number },
    ];
    if (existing > 0) throw new Error('The bench database is not empty');

    const insertUsers = async (prefix: string, count: number): Promise<number> => {
      if (count === 0) return 0;
      const pad = 32 - prefix.length;
      const { rows } = await client.query<{ first: number; last: number; n: number }>(
        `WITH ins AS (
           INSERT INTO users (session_id, username, is_seeded, created_at)
           SELECT $1::text || lpad(g::text, $2::int, '0'), $1::text || g, true, now() - interval '60 days'
           FROM generate_series(1, $3::int) g
           RETURNING id, session_id),
         sess AS (INSERT INTO sessions (user_id, token_hash) SELECT id, encode(sha256(convert_to(session_id, 'UTF8')), 'hex') FROM ins)
         SELECT min(id) AS first, max(id) AS last, count(*)::int AS n FROM ins`,
        [prefix, pad, count],
      );
      const r = rows[0]!;
      if (r.last - r.first + 1 !== r.n) throw new Error(`${prefix} ids are not contiguous`);
      return r.first;
    };
    const namedUser = async (username: string): Promise<BenchUser> => {
      const sessionId = newSessionId();
      const { rows } = await client.query<{ id: number }>(
        `WITH ins AS (
           INSERT INTO users (session_id, username, created_at) VALUES ($1, $2, now() - interval '30 days') RETURNING id, session_id),
         sess AS (INSERT INTO sessions (user_id, token_hash) SELECT id, encode(sha256(convert_to(session_id, 'UTF8')), 'hex') FROM ins)
         SELECT id FROM ins`,
        [sessionId, username],
      );
      return { id: rows[0]!.id, sessionId, cookie: `vibe_session=${sessionId}`, username };
    };

    const uploaders = Math.min(1000, Math.max(10, Math.round(M / 100)));
    const firstUploader = await insertUsers('benchUploader', uploaders);
    log(`seed: ${uploaders} uploaders, ${M} media`);
    const { rows: mediaRows } = await client.query<{ first: number; last: number; n: number }>(
      `WITH ins AS (
         INSERT INTO media (user_id, storage_key, original_name, mime_type, size, uploaded_at)
         SELECT $1::int + g % $2::int,
                'bench/' || g || CASE WHEN g % 10 = 0 THEN '.mp4' ELSE '.jpg' END,
                'bench-' || g || CASE WHEN g % 10 = 0 THEN '.mp4' ELSE '.jpg' END,
                CASE WHEN g % 10 = 0 THEN 'video/mp4' ELSE 'image/jpeg' END,
                50000 + (g::bigint * 7919) % 5000000,
                now() - make_interval(secs => $3::int - g)
         FROM generate_series(1, $3::int) g
         RETURNING id)
       SELECT min(id) AS first, max(id) AS last, count(*)::int AS n FROM ins`,
      [firstUploader, uploaders, M],
    );
    const mediaIds = { first: mediaRows[0]!.first, last: mediaRows[0]!.last };
    if (mediaIds.last - mediaIds.first + 1 !== M) throw new Error('media ids are not contiguous');

    const probes: ProbeUser[] = [];
    let probeVotes = 0;
    for (const share of PROBE_SHARES) {
      const user = await namedUser(`BenchProbe${String(share * 100).replace('.', '_')}pct`);
      const n = Math.floor(M * share);
      // a random subset, as a real visitor's history would be (not every other id); all of them at 100 %
      await client.query(
        `INSERT INTO votes (user_id, media_id, is_hot, is_seeded, voted_at)
         SELECT $1::int, id, random() < 0.6, true, now() - random() * interval '30 days'
         FROM media ${n === M ? '' : 'ORDER BY random() LIMIT $2::int'}`,
        n === M ? [user.id] : [user.id, n],
      );
      probes.push({ ...user, votedShare: share, votes: n });
      probeVotes += n;
    }
    const voters: BenchUser[] = [];
    for (let i = 1; i <= VOTERS; i++) voters.push(await namedUser(`BenchVoter${i}`));

    const filler = Math.max(0, options.votes - probeVotes);
    if (probeVotes > options.votes) log(`seed: the probe users alone need ${probeVotes} votes, more than --votes`);
    const perFiller = Math.min(M, VOTES_PER_FILLER);
    const fillers = Math.ceil(filler / perFiller);
    const firstFiller = await insertUsers('benchFiller', fillers);
    log(`seed: ${probeVotes} probe votes, ${filler} votes by ${fillers} other users`);
    if (filler > 0) {
      // vote g goes to filler g / perFiller on media g % M: distinct media per filler since perFiller ≤ M
      await client.query(
        `INSERT INTO votes (user_id, media_id, is_hot, is_seeded, voted_at)
         SELECT $1::int + g / $2::int, $3::int + g % $4::int, random() < 0.6, true, now() - random() * interval '30 days'
         FROM generate_series(0, $5::int - 1) g`,
        [firstFiller, perFiller, mediaIds.first, M, filler],
      );
    }
    log('seed: tallies, VACUUM ANALYZE, CHECKPOINT');
    await client.query(
      `UPDATE media m SET hot_votes = c.hot, total_votes = c.total
       FROM (SELECT media_id, count(*)::int AS total, (count(*) FILTER (WHERE is_hot))::int AS hot
             FROM votes GROUP BY media_id) c
       WHERE m.id = c.media_id`,
    );
    await client.query('VACUUM ANALYZE users, media, votes');
    // write the seed out now, so its write-back does not land inside the first measurement
    await client.query('CHECKPOINT').catch(() => log('seed: no CHECKPOINT (needs a superuser or pg_checkpoint)'));
    const { rows: totals } = await client.query<{ users: number; votes: number }>(
      'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM votes) AS votes',
    );
    return {
      media: M,
      votes: totals[0]!.votes,
      users: totals[0]!.users,
      mediaIds,
      probes,
      voters,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    client.release();
  }
}
