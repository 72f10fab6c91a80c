import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchApiEnv, startApi, watchPeakRss } from './app-process.js';
import type { BenchContext, Scenario } from './context.js';
import { fmtCount } from './report.js';
import type { BenchUser } from './seed.js';

/** Bytes of each seeded original: incompressible, as photos are (they are stored in the zip as they are). */
const FILE_BYTES = 128 * 1024;
const ACCOUNTS = [
  { uploads: 100, votes: 2_000 },
  { uploads: 1_000, votes: 20_000 },
];

/** `uploads` originals on the API's local storage and their media rows, and `votes` votes cast by `user`. */
async function seedAccount(ctx: BenchContext, dataDir: string, user: BenchUser, uploads: number, votes: number) {
  const dir = path.join(dataDir, 'media', 'bench-export', String(user.id));
  await mkdir(dir, { recursive: true });
  const keys: string[] = [];
  for (let i = 0; i < uploads; i++) {
    const key = `bench-export/${user.id}/${i}.jpg`;
    await writeFile(path.join(dataDir, 'media', key), randomBytes(FILE_BYTES));
    keys.push(key);
  }
  await ctx.db.query(
    `INSERT INTO media (user_id, storage_key, original_name, mime_type, size, renditions_state)
     SELECT $1, k, 'photo ' || ord || '.jpg', 'image/jpeg', $3, 'ready' FROM unnest($2::text[]) WITH ORDINALITY AS t(k, ord)`,
    [user.id, keys, FILE_BYTES],
  );
  // votes on others' media, with the counters kept true for whatever runs later
  await ctx.db.query(
    `WITH cast_votes AS (
       INSERT INTO votes (user_id, media_id, is_hot)
       SELECT $1, id, random() < 0.5 FROM media
        WHERE user_id <> $1 AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.user_id = $1 AND v.media_id = media.id)
        ORDER BY id LIMIT $2
       RETURNING media_id, is_hot)
     UPDATE media m SET total_votes = m.total_votes + 1, hot_votes = m.hot_votes + c.is_hot::int
       FROM cast_votes c WHERE m.id = c.media_id`,
    [user.id, votes],
  );
}

/**
 * GET /api/users/{id}/export (Download my data) for an account with 100 uploads and one with
 * 1,000, each served by an API process of its own so its peak RSS is the export's: the zip is
 * streamed, so the peak should not grow with the account.
 */
export const dataExport: Scenario = {
  name: 'data-export',
  description: "GET /api/users/{id}/export (Download my data): MB/s and the API's peak RSS, 100 vs 1,000 uploads",
  async run(ctx: BenchContext) {
    const users = ctx.seed.voters.slice(-ACCOUNTS.length);
    if (users.length < ACCOUNTS.length) throw new Error('data-export needs two seeded voters');
    const rows = [];
    for (const [i, account] of ACCOUNTS.entries()) {
      const user = users[i]!;
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-data-export-'));
      const api = await startApi(benchApiEnv(ctx, dataDir), path.join(dataDir, 'api.log'));
      try {
        ctx.log(`data-export: seeding ${fmtCount(account.uploads)} uploads and ${fmtCount(account.votes)} votes`);
        await seedAccount(ctx, dataDir, user, account.uploads, account.votes);
        // one small visitor call first, so start-up allocations are not counted as the export's
        await fetch(`${api.baseUrl}/api/session/devices`, { headers: { cookie: user.cookie } });
        const watch = await watchPeakRss(api.pid);
        const started = performance.now();
        const res = await fetch(`${api.baseUrl}/api/users/${user.id}/export`, { headers: { cookie: user.cookie } });
        if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
        let firstByteMs = 0;
        let bytes = 0;
        for await (const chunk of res.body) {
          if (!bytes) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        }
        const seconds = (performance.now() - started) / 1000;
        const peak = await watch.stop();
        rows.push({
          account: `${fmtCount(account.uploads)} uploads, ${fmtCount(account.votes)} votes`,
          'zip MB': (bytes / 1e6).toFixed(1),
          seconds: seconds.toFixed(2),
          'MB/s': (bytes / 1e6 / seconds).toFixed(0),
          'first byte ms': Math.round(firstByteMs),
          'idle RSS MB': Math.round(watch.startMb),
          'peak RSS MB': Math.round(peak),
          'peak − idle MB': Math.round(peak - watch.startMb),
        });
      } finally {
        await api.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
    ctx.report(
      rows,
      `Download my data · originals of ${FILE_BYTES / 1024} KB · peak RSS should not grow with the account`,
    );
  },
};
