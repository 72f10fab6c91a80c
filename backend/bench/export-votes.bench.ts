import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchApiEnv, startApi, watchPeakRss } from './app-process.js';
import type { BenchContext, Scenario } from './context.js';
import { fmtCount, fmtPercent, fmtRate } from './report.js';

const TARGET_PEAK_MB = 300;
const TARGET_SHARE_OF_BARE = 0.5;

/** Runs export-votes-bare.js as its own process: the bare exceljs writer's speed and memory. */
function runBare(databaseUrl: string): Promise<{ rows: number; ms: number; bytes: number; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'export-votes-bare.js')], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bare exceljs writer exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1)!));
    });
  });
}

/**
 * GET /api/admin/export-votes of every vote in the main database (1M by default), served by an
 * API process of its own (same database) so its peak RSS is the export's own figure, next to a
 * bare exceljs streaming writer writing the same rows from memory in another process.
 */
export const exportVotes: Scenario = {
  name: 'export-votes',
  description: 'GET /api/admin/export-votes of all votes: rows/s and peak API RSS, against a bare exceljs writer',
  async run(ctx: BenchContext) {
    const { rows: countRows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM votes');
    const votes = countRows[0]!.n;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-export-'));
    const api = await startApi(benchApiEnv(ctx, dataDir), path.join(dataDir, 'api.log'));
    try {
      // one small admin call first, so start-up allocations are not counted as the export's
      await fetch(`${api.baseUrl}/api/admin/stats`, { headers: { authorization: ctx.admin.authorization } });
      // the peak read afterwards is the export's own
      const watch = await watchPeakRss(api.pid);
      const idleMb = watch.startMb;
      const resetPeak = watch.exact;

      ctx.log(`export-votes: downloading ${fmtCount(votes)} votes`);
      const started = performance.now();
      const res = await fetch(`${api.baseUrl}/api/admin/export-votes`, {
        headers: { authorization: ctx.admin.authorization },
      });
      if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
      let bytes = 0;
      let head: Uint8Array | undefined;
      for await (const chunk of res.body) {
        head ??= chunk;
        bytes += chunk.length;
      }
      const seconds = (performance.now() - started) / 1000;
      const peak = await watch.stop();
      if (head?.[0] !== 0x50 || head[1] !== 0x4b) throw new Error('the export is not a zip (xlsx) file');

      ctx.log('export-votes: bare exceljs writer on the same rows');
      const bare = await runBare(ctx.databaseUrl);
      if (bare.rows !== votes) throw new Error(`bare writer saw ${bare.rows} votes, the export ${votes}`);
      const exportRate = votes / seconds;
      const bareRate = bare.rows / (bare.ms / 1000);
      ctx.report(
        [
          {
            step: 'GET /api/admin/export-votes (DB → xlsx → HTTP)',
            rows: votes,
            seconds: seconds.toFixed(1),
            'rows/s': fmtRate(exportRate),
            'file MB': (bytes / 1e6).toFixed(1),
            'peak RSS MB': Math.round(peak),
            'idle RSS MB': Math.round(idleMb),
            'vs bare writer': fmtPercent(exportRate / bareRate),
          },
          {
            step: 'bare exceljs writer (memory → xlsx → /dev/null)',
            rows: bare.rows,
            seconds: (bare.ms / 1000).toFixed(1),
            'rows/s': fmtRate(bareRate),
            'file MB': (bare.bytes / 1e6).toFixed(1),
            'peak RSS MB': Math.round(bare.maxRssMb),
            'idle RSS MB': '',
            'vs bare writer': '100 %',
          },
        ],
        `Votes export · ${fmtCount(votes)} votes · targets: export peak RSS ≤ ${TARGET_PEAK_MB} MB, ≥ ${fmtPercent(TARGET_SHARE_OF_BARE)} of the bare writer's rows/s` +
          (resetPeak ? '' : ' · (peak RSS sampled every 20 ms: /proc/<pid>/clear_refs was not writable)'),
      );
      const misses = [
        peak > TARGET_PEAK_MB ? `peak RSS ${Math.round(peak)} MB > ${TARGET_PEAK_MB} MB` : '',
        exportRate < TARGET_SHARE_OF_BARE * bareRate
          ? `rows/s ${fmtPercent(exportRate / bareRate)} of the bare writer < ${fmtPercent(TARGET_SHARE_OF_BARE)}`
          : '',
      ].filter(Boolean);
      console.log(misses.length ? `Export targets missed: ${misses.join('; ')}` : 'Export targets met.');
    } finally {
      await api.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  },
};
