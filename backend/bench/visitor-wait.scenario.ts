import { existsSync } from 'node:fs';
import { link, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { backendDir } from './app-process.js';
import type { BenchContext, Scenario } from './context.js';
import { fmtMs } from './report.js';
import { writeJpeg } from './upload-files.js';
import { installWaitProbe, type MediaSource, type WaitProbe, type WaitSample } from './visitor-wait-probe.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const visitorDist = path.resolve(backendDir, '..', 'visitor-web', 'dist');
/** A real 1 s H.264 MP4 the tests use: what the seeded video rows point at. */
const VIDEO_FIXTURE = path.join(backendDir, 'test', 'fixtures', 'tiny.mp4');
/** Distinct photos the seeded image rows share (each row has its own URL, so the browser caches each apart). */
const PHOTOS = 6;
const PHOTO_BYTES = 800_000;

const flagNames = { votes: 'visitor-votes', think: 'visitor-think-ms' } as const;

const percentile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]! : NaN;

function wholeFlag(ctx: BenchContext, name: string, fallback: number): number {
  const raw = ctx.flags.extra[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number ≥ 1 (got "${raw}")`);
  return n;
}

/**
 * Gives every seeded media row a file: image rows one of a few photos, video rows the test clip
 * (hard links), and records each file's real size on its row (the seed's sizes are made up, and
 * /media answers byte ranges from the row's size: a video would not play).
 */
async function fillStorage(ctx: BenchContext, dataDir: string, db: BenchContext['db']): Promise<void> {
  const photoDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-photos-'));
  try {
    const photoSizes: number[] = [];
    for (let i = 0; i < PHOTOS; i++)
      photoSizes.push(await writeJpeg(path.join(photoDir, `photo-${i}.jpg`), PHOTO_BYTES, 1920, 1440));
    const fileOf = (id: number, mime: string) =>
      mime.startsWith('video/') ? VIDEO_FIXTURE : path.join(photoDir, `photo-${id % PHOTOS}.jpg`);
    const { rows } = await db.query<{ id: number; key: string; mime: string }>(
      'SELECT id, storage_key AS key, mime_type AS mime FROM media ORDER BY id',
    );
    ctx.log(`visitor-wait: linking ${rows.length} media files`);
    const root = path.join(dataDir, 'media');
    const made = new Set<string>();
    for (const { id, key, mime } of rows) {
      const target = path.join(root, ...key.split('/'));
      const dir = path.dirname(target);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      await link(fileOf(id, mime), target);
    }
    await db.query(
      `UPDATE media SET size = CASE WHEN mime_type LIKE 'video/%' THEN $1::int ELSE ($2::int[])[id % $3::int + 1] END`,
      [(await stat(VIDEO_FIXTURE)).size, photoSizes, PHOTOS],
    );
  } finally {
    await rm(photoDir, { recursive: true, force: true });
  }
}

function summary(label: string, samples: WaitSample[]): Record<string, string | number> {
  const sorted = samples.map((s) => s.waitMs).sort((a, b) => a - b);
  const medianOf = (pick: (s: WaitSample) => number) =>
    fmtMs(
      percentile(
        samples.map(pick).sort((a, b) => a - b),
        0.5,
      ),
    );
  const count = (source: MediaSource) => samples.filter((s) => s.source === source).length;
  return {
    items: label,
    votes: samples.length,
    'median ms': fmtMs(percentile(sorted, 0.5)),
    'p95 ms': fmtMs(percentile(sorted, 0.95)),
    'max ms': fmtMs(sorted.at(-1) ?? NaN),
    'median to element ms': medianOf((s) => s.toElementMs),
    'median to load ms': medianOf((s) => s.toLoadMs),
    'median to marked ms': medianOf((s) => s.toMarkedMs),
    'median to decoded ms': medianOf((s) => s.toDecodedMs),
    'picked after press': samples.filter((s) => s.pickedAfterPress).length,
    prefetched: count('prefetched'),
    'prefetch in flight': count('prefetch in flight'),
    'HTTP cache': count('http cache'),
    network: count('network'),
    unreported: count('unreported'),
  };
}

/**
 * Issue 11's visitor wait: the built visitor app, served by the API on its own seeded database
 * whose media rows all have files, in Debian's Chromium. A new visitor presses Hot (the H key)
 * `--visitor-votes` times, pausing `--visitor-think-ms` after each item appears as a person
 * would; per vote the time from the key press to the next item painted, and where its bytes
 * came from (the prefetch, a cache, the network).
 */
export const visitorWait: Scenario = {
  name: 'visitor-wait',
  description:
    'Chromium: press Hot 50 times, ms from the key press to the next item painted, and whether it was prefetched',
  flags: {
    [flagNames.votes]: 'votes the visitor-wait scenario casts (default 50, --quick 20)',
    [flagNames.think]: 'ms the visitor looks at each item before voting (default 1000)',
  },
  async run(ctx) {
    if (!existsSync(path.join(visitorDist, 'index.html')))
      throw new Error(`${visitorDist} is missing: run "npm run build -w visitor-web" first`);
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM)`);
    const votes = wholeFlag(ctx, flagNames.votes, ctx.flags.quick ? 20 : 50);
    const thinkMs = wholeFlag(ctx, flagNames.think, 1000);
    // small: every row needs a file on disk, and the random pick at scale is visitor-api's subject
    const media = Math.max(500, votes * 20);
    const app = await ctx.startApp({
      label: 'visitor-wait',
      media,
      votes: media * 2,
      env: { VISITOR_WEB_DIR: visitorDist },
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
    });
    try {
      await fillStorage(ctx, app.dataDir, app.db);
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.on('pageerror', (err) => ctx.log(`visitor-wait: page error: ${err.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') ctx.log(`visitor-wait: console ${m.type()}: ${m.text()}`);
      });
      await page.addInitScript(installWaitProbe);
      await page.goto(app.baseUrl);
      await page.locator('[data-testid="rate-media"][data-loaded="true"]').waitFor({ timeout: 30_000 });
      ctx.log(`visitor-wait: ${votes} votes, ${thinkMs} ms between them`);
      const samples: WaitSample[] = [];
      for (let i = 0; i < votes; i++) {
        await page.waitForTimeout(thinkMs);
        await page.evaluate(() => (window as unknown as { __waitProbe: WaitProbe }).__waitProbe.arm());
        await page.keyboard.press('h');
        samples.push(
          await page.evaluate(() => (window as unknown as { __waitProbe: WaitProbe }).__waitProbe.settle(15_000)),
        );
      }
      for (const [i, s] of samples.entries())
        if (s.source !== 'prefetched' || s.pickedAfterPress || process.env.BENCH_VERBOSE)
          ctx.log(
            `visitor-wait: vote ${i + 1}: ${s.kind} ${s.mediaId} ${s.source}${s.pickedAfterPress ? ', picked after the press' : ''}, ` +
              `${fmtMs(s.waitMs)} ms (element ${fmtMs(s.toElementMs)}, load ${fmtMs(s.toLoadMs)}, marked ${fmtMs(s.toMarkedMs)}, ` +
              `decoded ${fmtMs(s.toDecodedMs)})${s.skipped.length ? `; passed ${s.skipped.join(', ')}` : ''}; requests: ${s.requests}`,
          );
      const images = samples.filter((s) => s.kind === 'image');
      const videos = samples.filter((s) => s.kind === 'video');
      ctx.report(
        [
          summary('all', samples),
          ...(images.length && videos.length ? [summary('images', images), summary('videos', videos)] : []),
        ],
        `Visitor wait · Chromium ${browser.version()}, 1280×800 · ${media} media (${PHOTOS} distinct 1920×1440 photos, ` +
          `every 10th a video) · ${thinkMs} ms looking at each item · press of H to the first frame painted with the next item`,
      );
      const notPrefetched = samples.filter((s) => s.source !== 'prefetched' && s.kind === 'image').length;
      console.log(
        notPrefetched
          ? `Visitor wait: ${notPrefetched} of ${images.length} next images were not prefetched before the press.`
          : `Visitor wait: every next image was prefetched before the press.`,
      );
    } finally {
      await browser.close();
      await app.close();
    }
  },
};
