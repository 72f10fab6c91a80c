import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { backendDir, cpuMs, watchPeakRss } from './app-process.js';
import { cameraPhotos, phoneVideo, type CameraFile } from './camera-files.js';
import type { BenchApp, BenchContext, Scenario } from './context.js';
import {
  emulateAndCount,
  installPaintMarks,
  mediaBytes,
  percentile,
  PHONE,
  withoutRenditions,
} from './phone-browser.js';
import { fmtMs } from './report.js';
import { newVisitor, uploadAccepted, type BenchVisitor } from './visitor-client.js';
import { installWaitProbe, type WaitProbe, type WaitSample } from './visitor-wait-probe.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const visitorDist = path.resolve(backendDir, '..', 'visitor-web', 'dist');
const adminDist = path.resolve(backendDir, '..', 'admin-web', 'dist');
/** My Stats with 30 camera photos (issue 19's case), 8 uploads at once (its RSS case). */
const PHOTOS = 30;
const CONCURRENT = 8;
const PACE_MS = 1500;
const RENDITIONS_TIMEOUT_MS = 240_000;
const votesFlag = 'delivery-votes';

type Mode = 'renditions' | 'originals';
type Visitor = BenchVisitor;
export interface Item {
  id: number;
  previewUrl?: string | null;
  playbackUrl?: string | null;
}

const MB = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const KB = (n: number) => `${Math.round(n / 1e3).toLocaleString('en')} KB`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Uploads one camera file, again after Retry-After while the upload gate holds the visitor's earlier ones. */
async function upload(baseUrl: string, v: Visitor, f: CameraFile, type: string): Promise<number> {
  return uploadAccepted(baseUrl, v, new Blob([await readFile(f.file)], { type }), path.basename(f.file));
}

export async function statsItems(baseUrl: string, v: Visitor): Promise<Item[]> {
  const res = await fetch(`${baseUrl}/api/users/${v.id}/stats`, { headers: { cookie: v.cookie } });
  if (!res.ok) throw new Error(`stats answered ${res.status}`);
  return ((await res.json()) as { mediaStats: Item[] }).mediaStats;
}

/** The bare reference: sharp making the same two sizes (480 and 1440 px WebP, upright) of each photo. */
async function bareSharp(photos: CameraFile[]): Promise<number> {
  const before = process.cpuUsage();
  for (const p of photos) {
    const upright = sharp(p.file).rotate();
    await Promise.all([
      upright.clone().resize(1440, 1440, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      upright.clone().resize(480, 480, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    ]);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/** Uploads the photos 8 at a time and follows each until its preview is served; the API's CPU and RSS meanwhile. */
async function makeRenditions(ctx: BenchContext, app: BenchApp, uploader: Visitor, photos: CameraFile[]) {
  const rss = await watchPeakRss(app.pid);
  const cpuBefore = (await cpuMs(app.pid)) ?? NaN;
  const answered = new Map<number, number>();
  const queue = [...photos];
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      for (let f = queue.shift(); f; f = queue.shift())
        answered.set(await upload(app.baseUrl, uploader, f, 'image/jpeg'), performance.now());
    }),
  );
  ctx.log(`media-delivery: ${answered.size} photos uploaded; waiting for their previews`);
  const ready = new Map<number, number>();
  const uploaded = performance.now();
  const deadline = uploaded + RENDITIONS_TIMEOUT_MS;
  while (ready.size < answered.size && performance.now() < deadline) {
    // an API without the rendition job: nothing after a minute
    if (ready.size === 0 && performance.now() - uploaded > 60_000) break;
    for (const m of await statsItems(app.baseUrl, uploader))
      if (m.previewUrl && answered.has(m.id) && !ready.has(m.id)) ready.set(m.id, performance.now());
    await sleep(100);
  }
  const cpuUsed = ((await cpuMs(app.pid)) ?? NaN) - cpuBefore;
  const peak = await rss.stop();
  const waits = [...ready].map(([id, at]) => at - answered.get(id)!);
  return { made: ready.size, waits, cpuUsed, rssStart: rss.startMb, rssPeak: peak };
}

async function phonePage(browser: Browser, mode: Mode, session?: Visitor, desktop = false) {
  const context = await browser.newContext(desktop ? { viewport: { width: 1280, height: 800 } } : PHONE);
  if (mode === 'originals') await withoutRenditions(context);
  if (session)
    await context.addInitScript(
      (s) => localStorage.setItem('hmv.session', JSON.stringify({ ...s, emailVerified: false })),
      { sessionId: session.sessionId, username: session.username },
    );
  const page = await context.newPage();
  const net = await emulateAndCount(page);
  await page.addInitScript(installPaintMarks);
  return { context, page, ...net };
}

const marks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __lcpTag: string; __firstMedia: number | null };
    return { lcp: w.__lcp, lcpTag: w.__lcpTag, firstMedia: w.__firstMedia };
  });

/** A visitor rates at a person's pace: first media painted, Hot → next painted, bytes per item. */
async function rating(ctx: BenchContext, browser: Browser, app: BenchApp, mode: Mode, votes: number) {
  const { context, page, transfers } = await phonePage(browser, mode);
  try {
    await page.addInitScript(installWaitProbe);
    await page.goto(app.baseUrl);
    await page.waitForFunction(
      () => (window as unknown as { __firstMedia: number | null }).__firstMedia !== null,
      null,
      {
        timeout: 120_000,
      },
    );
    await page.waitForTimeout(300); // LCP settles after the paint
    const first = await marks(page);
    const samples: WaitSample[] = [];
    let lastPress = performance.now();
    for (let i = 0; i < votes; i++) {
      const wait = lastPress + PACE_MS - performance.now();
      if (wait > 0) await page.waitForTimeout(wait);
      await page.evaluate(() => (window as unknown as { __waitProbe: WaitProbe }).__waitProbe.arm());
      lastPress = performance.now();
      await page.keyboard.press('h');
      samples.push(
        await page.evaluate(() => (window as unknown as { __waitProbe: WaitProbe }).__waitProbe.settle(120_000)),
      );
    }
    const { bytes, urls } = mediaBytes(transfers);
    const waits = samples.map((s) => s.waitMs);
    ctx.log(`media-delivery (${mode}): waits ${waits.map((w) => Math.round(w)).join(', ')} ms`);
    return { first, waits, items: votes + 1, bytes, urls: urls.size };
  } finally {
    await context.close();
  }
}

/** Scrolls a grid to its end and waits for every picture in it: the bytes a full look costs. */
async function gridBytes(
  page: Page,
  transfers: Awaited<ReturnType<typeof emulateAndCount>>['transfers'],
  card: string,
) {
  for (let y = 0; y < 40; y++) {
    const end = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(250);
    if (end) break;
  }
  await page.waitForFunction(
    (sel) => [...document.querySelectorAll<HTMLImageElement>(`${sel} img`)].every((i) => i.complete),
    card,
    { timeout: 300_000 },
  );
  await page.waitForTimeout(500);
  const { bytes, urls } = mediaBytes(transfers);
  const cards = await page.locator(card).count();
  const videos = await page.locator(`${card} video`).count();
  return { bytes, urls: urls.size, cards, videos };
}

async function myStats(browser: Browser, app: BenchApp, mode: Mode, uploader: Visitor) {
  const { context, page, transfers } = await phonePage(browser, mode, uploader);
  try {
    await page.goto(`${app.baseUrl}/stats`);
    await page.locator('[data-testid="media-card"]').first().waitFor({ timeout: 60_000 });
    return await gridBytes(page, transfers, '[data-testid="media-card"]');
  } finally {
    await context.close();
  }
}

async function adminMedia(ctx: BenchContext, browser: Browser, app: BenchApp, mode: Mode) {
  const res = await fetch(`${app.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ctx.admin.username, password: ctx.admin.password }),
  });
  if (!res.ok) throw new Error(`admin login answered ${res.status}`);
  const { token } = (await res.json()) as { token: string };
  const { context, page, transfers } = await phonePage(browser, mode, undefined, true);
  try {
    await context.addInitScript((t) => localStorage.setItem('adminToken', t), token);
    await page.goto(`${app.baseUrl}/adm/media`);
    await page.locator('[data-testid="media-card"]').nth(23).waitFor({ timeout: 120_000 });
    return await gridBytes(page, transfers, '[data-testid="media-card"]');
  } finally {
    await context.close();
  }
}

/** A visitor whose only item left is the phone video: navigation → its first frame painted. */
async function videoFirstFrame(browser: Browser, app: BenchApp, mode: Mode, photoIds: number[]) {
  const viewer = await newVisitor(app.baseUrl);
  for (const id of photoIds)
    await fetch(`${app.baseUrl}/api/votes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: viewer.cookie },
      body: JSON.stringify({ userId: viewer.id, mediaId: id, isHot: true }),
    });
  const { context, page, transfers } = await phonePage(browser, mode, viewer);
  try {
    await page.goto(app.baseUrl);
    await page.waitForFunction(
      () => (window as unknown as { __firstMedia: number | null }).__firstMedia !== null,
      null,
      {
        timeout: 120_000,
      },
    );
    const { firstMedia } = await marks(page);
    const inserted = await page.evaluate(
      () => (window as unknown as { __mediaInserted: number | null }).__mediaInserted ?? NaN,
    );
    const src = await page.locator('[data-testid="rate-media"] video').evaluate((v: HTMLVideoElement) => v.currentSrc);
    const { bytes } = mediaBytes(transfers);
    return { navToFrame: firstMedia!, elementToFrame: firstMedia! - inserted, bytes, src };
  } finally {
    await context.close();
  }
}

/**
 * Issue 19 as a phone visitor meets it: Chromium at 390×844, DPR 3, on emulated 4G, with 12 MP
 * camera photos and a phone MP4 (moov last) uploaded through the API. With the renditions the
 * background job made, and with the same answers stripped of them (what the screens did before).
 */
export const mediaDelivery: Scenario = {
  name: 'media-delivery',
  description:
    'issue 19: phone on 4G (Chromium) rating camera photos, My Stats, admin Media, a phone video; rendition job throughput, latency and RSS',
  flags: { [votesFlag]: 'votes on the rating screen in media-delivery (default 12)' },
  async run(ctx) {
    for (const [what, p] of [
      ['visitor build', path.join(visitorDist, 'index.html')],
      ['admin build', path.join(adminDist, 'index.html')],
      ['Chromium (CHROMIUM_PATH)', CHROMIUM],
    ] as const)
      if (!existsSync(p)) throw new Error(`${what} missing at ${p}: run "npm run build" first`);
    const votes = Number(ctx.flags.extra[votesFlag] ?? 12);
    const photos = await cameraPhotos(PHOTOS, (m) => ctx.log(`media-delivery: ${m}`));
    const video = await phoneVideo();
    const originalMean = photos.reduce((n, p) => n + p.bytes, 0) / photos.length;
    const app = await ctx.startApp({
      label: 'media-delivery',
      media: 1,
      votes: 0,
      env: { VISITOR_WEB_DIR: visitorDist, ADMIN_WEB_DIR: adminDist },
    });
    // the seed's one row has no file: only the media uploaded below are shown
    await app.db.query('DELETE FROM media');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
    });
    try {
      const uploader = await newVisitor(app.baseUrl);
      ctx.log(`media-delivery: uploading ${PHOTOS} camera photos (mean ${MB(originalMean)}), ${CONCURRENT} at a time`);
      const job = await makeRenditions(ctx, app, uploader, photos);
      const bareCpu = await bareSharp(photos);
      const photoIds = (await statsItems(app.baseUrl, uploader)).map((m) => m.id);
      await upload(app.baseUrl, uploader, video, 'video/mp4');
      const deadline = performance.now() + RENDITIONS_TIMEOUT_MS;
      while (job.made && performance.now() < deadline) {
        const items = await statsItems(app.baseUrl, uploader);
        if (items.every((m) => m.previewUrl)) break;
        await sleep(250);
      }

      if (job.made) {
        const apiPerCpuS = job.made / (job.cpuUsed / 1000);
        const barePerCpuS = photos.length / (bareCpu / 1000);
        ctx.report(
          [
            {
              photos: job.made,
              'upload answered → preview, median': `${fmtMs(percentile(job.waits, 0.5))} ms`,
              p95: `${fmtMs(percentile(job.waits, 0.95))} ms`,
              'API photos per CPU-s': apiPerCpuS.toFixed(2),
              'bare sharp per CPU-s': barePerCpuS.toFixed(2),
              'vs bare': `${Math.round((apiPerCpuS / barePerCpuS) * 100)} %`,
              'API RSS start → peak': `${Math.round(job.rssStart)} → ${Math.round(job.rssPeak)} MB`,
            },
          ],
          `Renditions · ${PHOTOS} camera photos (12 MP, mean ${MB(originalMean)}) uploaded ${CONCURRENT} at a time · ` +
            'API CPU includes the uploads themselves; bare sharp: the same two sizes (480 and 1440 px WebP q80, upright)',
        );
      } else {
        console.log(
          `Renditions: none was made within ${RENDITIONS_TIMEOUT_MS / 1000} s (this API has no issue-19 job, or it failed): only the originals are measured.`,
        );
      }

      const modes: Mode[] = job.made ? ['renditions', 'originals'] : ['originals'];
      const rows: Record<string, string | number>[] = [];
      for (const mode of modes) {
        ctx.log(`media-delivery (${mode}): rating ${votes} items on 4G`);
        const r = await rating(ctx, browser, app, mode, votes);
        ctx.log(`media-delivery (${mode}): My Stats, admin Media, video`);
        const stats = await myStats(browser, app, mode, uploader);
        const admin = await adminMedia(ctx, browser, app, mode);
        const v = await videoFirstFrame(browser, app, mode, photoIds);
        rows.push({
          served: mode,
          'first media painted': `${fmtMs(r.first.firstMedia ?? NaN)} ms`,
          LCP: `${fmtMs(r.first.lcp)} ms (${r.first.lcpTag.toLowerCase() || '–'})`,
          'Hot → next, median': `${fmtMs(percentile(r.waits, 0.5))} ms`,
          p95: `${fmtMs(percentile(r.waits, 0.95))} ms`,
          'bytes per item rated': `${KB(r.bytes / r.items)} (${Math.round((r.bytes / r.items / originalMean) * 100)} %)`,
          [`My Stats, ${stats.cards} cards`]: `${MB(stats.bytes)}${stats.videos ? `, ${stats.videos} <video>` : ''}`,
          [`admin Media, ${admin.cards} cards`]: `${MB(admin.bytes)}${admin.videos ? `, ${admin.videos} <video>` : ''}`,
          'video: navigation → first frame': `${fmtMs(v.navToFrame)} ms`,
          'element → frame': `${fmtMs(v.elementToFrame)} ms`,
          'video bytes': MB(v.bytes),
        });
      }
      ctx.report(
        rows,
        `Media delivery · Chromium ${browser.version()}, phone 390×844 DPR 3 (admin at 1280×800) on emulated 4G ` +
          `(9 Mbps down, 1.5 up, 85 ms) · ${PHOTOS} camera photos (mean original ${MB(originalMean)}), ` +
          `a ${MB(video.bytes)} 1080p MP4 with moov last · ${votes} votes at ${PACE_MS / 1000} s each · ` +
          '"originals": the same answers with the rendition fields nulled, as the screens were before',
      );
    } finally {
      await browser.close();
      await app.close();
    }
  },
};
