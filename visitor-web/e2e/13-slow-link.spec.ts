import type { CDPSession, Page } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  ApiVisitor,
  DATA_DIR,
  assert,
  expect,
  makeVideo,
  newContext,
  newPage,
  shot,
  test,
  waitForNewMedia,
} from './fixtures';

/**
 * Issue 29 item 4 on a phone over Lighthouse's slow 3G (400 ms RTT, 400 kbit/s both ways): twenty
 * votes on photos and videos move nothing under the thumb (CLS 0: layout shifts not caused by a
 * recent input, summed), the next item shows within 3 s of Hot (p95), a video voted away stops
 * downloading (≤ 100 KB of it after the vote), a small photo is shown at most at twice its size,
 * and focus stays on the vote controls for the next item. Self-contained: its own uploader (small
 * photos and short videos, renditions made) and a viewer who has rated everything else.
 */
test.describe.configure({ mode: 'serial' });

const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};
const VOTES = 20;
const PHOTOS = 15;
const VIDEOS = 5;
/** A photo far smaller than the phone's stage: shown at most at 2× (96×72 CSS px). */
const SMALL = { width: 48, height: 36 };

const require = createRequire(import.meta.url);
const sharp = require('sharp') as typeof import('sharp').default;

/** Small distinct photos (one of them tiny) and short videos whose playback file outlasts a glance on 3G. */
async function slowLinkFiles() {
  const dir = path.join(DATA_DIR, 'fixtures', 'slow-link');
  mkdirSync(dir, { recursive: true });
  const photos: { file: string; width: number; height: number }[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const size = i === 3 ? SMALL : { width: 640, height: i % 2 ? 480 : 800 };
    const file = path.join(dir, `photo-${i}.jpg`);
    if (!existsSync(file))
      await sharp({
        create: { ...size, channels: 3, background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 } },
      })
        .composite([
          {
            input: Buffer.from(
              `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><circle cx="50%" cy="50%" r="30%" fill="white" fill-opacity="0.5"/></svg>`,
            ),
          },
        ])
        .jpeg({ quality: 80 })
        .toFile(file);
    photos.push({ file, ...size });
  }
  const videos: string[] = [];
  for (let i = 0; i < VIDEOS; i++) {
    const file = path.join(dir, `clip-${i}.mp4`);
    // moving noise: a playback file of a few hundred KB, many seconds of a 400 kbit/s link
    assert(
      makeVideo(file, `testsrc2=duration=4:size=480x360:rate=24,noise=alls=${20 + i}:allf=t`),
      `ffmpeg could not make ${file}`,
    );
    videos.push(file);
  }
  return { photos, videos };
}

/** Layout shifts not caused by input, summed (the CLS a visitor feels), from before the app's scripts. */
function watchLayoutShifts() {
  const w = window as unknown as { __cls: number; __shifts: string[] };
  w.__cls = 0;
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node }[];
    })[]) {
      if (e.hadRecentInput) continue;
      w.__cls += e.value;
      const node = e.sources?.[0]?.node;
      w.__shifts.push(
        `${e.value.toFixed(4)} ${node instanceof Element ? `${node.tagName}.${node.className} "${(node.textContent ?? '').slice(0, 30)}" in ${node.parentElement?.className ?? '?'}` : (node?.nodeName ?? '?')} at ${Math.round(e.startTime)} ms`,
      );
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Bytes on the wire per media URL with when they arrived (partial and range requests too). */
async function countMediaBytes(cdp: CDPSession) {
  const urls = new Map<string, string>();
  const received: { url: string; at: number; bytes: number }[] = [];
  cdp.on('Network.requestWillBeSent', (e) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.dataReceived', (e) => {
    const url = urls.get(e.requestId);
    if (url && new URL(url).pathname.startsWith('/media/'))
      received.push({ url: new URL(url).pathname, at: Date.now(), bytes: e.encodedDataLength });
  });
  return {
    /** Bytes of `url` that arrived after `since` (ms epoch) and before it. */
    of: (url: string, since: number) => {
      let before = 0;
      let after = 0;
      for (const r of received.filter((x) => x.url === url)) {
        if (r.at > since) after += r.bytes;
        else before += r.bytes;
      }
      return { before, after };
    },
  };
}

/** What this spec uploaded, deleted again at its end: the site as it was for the specs after it. */
const uploaded: { who: ApiVisitor; id: string | number }[] = [];
test.afterAll(async () => {
  for (const { who, id } of uploaded.splice(0)) await who.call('DELETE', `/api/media/${id}?userId=${who.user.id}`);
});

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

/** What is on the stage now: its element, source, painted box and where the focus is. */
const onStage = (page: Page) =>
  page.evaluate(() => {
    const stage = document.querySelector<HTMLElement>('[data-testid=rate-media]')!;
    const el = stage.querySelector<HTMLImageElement | HTMLVideoElement>('img, video')!;
    const box = stage.querySelector('[data-testid=rate-frame]')!.getBoundingClientRect();
    const a = document.activeElement;
    return {
      id: stage.dataset.mediaId!,
      video: el instanceof HTMLVideoElement,
      src: new URL(el.currentSrc || el.getAttribute('src') || '', location.href).pathname,
      box: { w: box.width, h: box.height },
      focus: a?.closest('.vote')
        ? (a.textContent ?? '').trim().slice(0, 12)
        : `${a?.tagName ?? ''} outside the vote row`,
    };
  });

test(
  'phone on slow 3G: 20 votes without shifts, next within 3 s, a voted-away video stops',
  { tag: '@phone' },
  async ({ browser }) => {
    test.setTimeout(420_000);
    const fx = await slowLinkFiles();
    const uploader = new ApiVisitor();
    await uploader.start();
    const mine = new Map<string, { video: boolean; width?: number; height?: number }>();
    for (const p of fx.photos) {
      const { id } = await uploader.upload(p.file, 'image/jpeg');
      uploaded.push({ who: uploader, id });
      mine.set(String(id), { video: false, width: p.width, height: p.height });
    }
    for (const v of fx.videos) {
      const { id } = await uploader.upload(v, 'video/mp4');
      uploaded.push({ who: uploader, id });
      mine.set(String(id), { video: true });
    }

    const ctx = await newContext(browser, 'phone');
    await ctx.addInitScript(watchLayoutShifts);
    const page = await newPage(ctx);
    await page.goto('/404-first');
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
    await (await ApiVisitor.of(ctx)).rateAllBut([...mine.keys()]);

    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
    const bytes = await countMediaBytes(cdp);
    // the first load over 400 kbit/s takes longer than a navigation's default 10 s
    await page.goto('/', { timeout: 60_000 });

    const hotToNext: number[] = [];
    const transitions: string[] = [];
    const videosVoted: { url: string; at: number }[] = [];
    const focusAfter: string[] = [];
    const tooLarge: string[] = [];
    let small = false;
    let id = await page
      .locator('[data-testid=rate-media][data-loaded=true]')
      .waitFor({ timeout: 60_000 })
      .then(() => onStage(page).then((s) => s.id));
    // CLS over the 20 votes (the issue's measure): what shifted while the first screen was still
    // loading is printed, not counted (an ad zone whose configuration arrives late moves then)
    const firstLoad = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      const before = { cls: w.__cls, shifts: w.__shifts };
      w.__cls = 0;
      w.__shifts = [];
      return before;
    });
    for (let i = 0; i < VOTES; i++) {
      const s = await onStage(page);
      const m = mine.get(s.id);
      assert(m, `the stage showed ${s.id}, not one of this spec's uploads`);
      // a photo is never blown up past twice its own size
      if (!m.video && m.width && m.height) {
        if (s.box.w > m.width * 2 + 0.5 || s.box.h > m.height * 2 + 0.5)
          tooLarge.push(`${m.width}×${m.height} shown at ${s.box.w}×${s.box.h}`);
        if (m.width === SMALL.width) {
          small = true;
          await shot(page, 'slow-link-small-photo');
        }
      }
      // a glance, as a visitor gives it, before Hot
      await page.waitForTimeout(1_500);
      const started = Date.now();
      if (s.video) videosVoted.push({ url: s.src, at: started });
      await page.getByRole('button', { name: /^Hot/ }).click();
      if (i === VOTES - 1 && mine.size <= VOTES) break;
      id = await waitForNewMedia(page, id, 60_000);
      await page.locator('[data-testid=rate-media][data-loaded=true]').waitFor({ timeout: 60_000 });
      hotToNext.push(Date.now() - started);
      const next = await onStage(page);
      transitions.push(`${s.video ? 'video' : 'photo'}→${next.video ? 'video' : 'photo'} ${Date.now() - started}`);
      focusAfter.push(next.focus);
    }
    // the last video voted away gets time to show whether it would go on downloading
    await page.waitForTimeout(8_000);
    const after = videosVoted.map((v) => ({ ...v, ...bytes.of(v.url, v.at) }));
    const { cls, shifts } = await page.evaluate(() => {
      const w = window as unknown as { __cls: number; __shifts: string[] };
      return { cls: w.__cls, shifts: w.__shifts };
    });
    await shot(page, 'slow-link-after-20-votes');
    console.log(
      `slow 3G, first load: CLS ${firstLoad.cls.toFixed(4)} ${firstLoad.shifts.join('; ')}; ${VOTES} votes: CLS ${cls.toFixed(4)}; Hot→next p95 ${p95(hotToNext)} ms (median ${[...hotToNext].sort((a, b) => a - b)[hotToNext.length >> 1]} ms, max ${Math.max(...hotToNext)} ms); voted-away videos, KB before / after the vote: ${after.map((a) => `${(a.before / 1024).toFixed(0)}/${(a.after / 1024).toFixed(1)}`).join(', ')}`,
    );
    expect(small, 'the small photo came up').toBe(true);
    expect(tooLarge, 'photos shown past twice their size').toEqual([]);
    expect(videosVoted.length, 'videos voted on').toBeGreaterThanOrEqual(3);
    expect({ cls, shifts: shifts.slice(0, 8) }).toEqual({ cls: 0, shifts: [] });
    console.log(transitions.join(', '));
    expect(p95(hotToNext), `Hot→next on slow 3G (ms): ${transitions.join(', ')}`).toBeLessThanOrEqual(3_000);
    for (const a of after)
      expect(a.after, `bytes of ${a.url} after it was voted away (${a.before} before)`).toBeLessThanOrEqual(100 * 1024);
    expect(
      focusAfter.filter((f) => !/^(Hot|Not)/.test(f)),
      'focus after a vote: on the next item’s vote controls',
    ).toEqual([]);
    await cdp.detach();
    await ctx.close();
  },
);
