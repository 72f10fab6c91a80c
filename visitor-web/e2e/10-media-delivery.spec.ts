import type { Page } from '@playwright/test';
import {
  ApiVisitor,
  assert,
  expect,
  loadedMediaId,
  newContext,
  newPage,
  portraitFiles,
  shot,
  test,
  waitForNewMedia,
} from './fixtures';

/**
 * Issue 19 on the screens: tall media shown whole on the rating screen at both sizes (the painted
 * box has the media's own aspect and fits the stage), and My Stats' cards show thumbnails, never a
 * video file. Self-contained: its own uploader and a fresh viewer who has rated everything else.
 */
test.describe.configure({ mode: 'serial' });

/** What this spec uploaded, deleted again at its end: the site as it was. */
const uploaded: { who: ApiVisitor; id: string | number }[] = [];
test.afterAll(async () => {
  for (const { who, id } of uploaded.splice(0)) await who.call('DELETE', `/api/media/${id}?userId=${who.user.id}`);
});

type Uploaded = { id: string; name: string; width: number; height: number; video: boolean };

/** What the stage paints: the frame's box, the stage's box, and the media's own size as loaded. */
const painted = (page: Page) =>
  page.evaluate(() => {
    const stage = document.querySelector<HTMLElement>('[data-testid=rate-media]')!;
    const frame = stage.querySelector<HTMLElement>('[data-testid=rate-frame]')!;
    const el = frame.querySelector<HTMLImageElement | HTMLVideoElement>('img, video')!;
    const r = (e: Element) => {
      const b = e.getBoundingClientRect();
      return { x: b.x, y: b.y, w: b.width, h: b.height };
    };
    const cs = getComputedStyle(stage);
    const border = parseFloat(cs.borderLeftWidth) + parseFloat(cs.borderRightWidth);
    const natural =
      el instanceof HTMLImageElement
        ? { w: el.naturalWidth, h: el.naturalHeight, src: el.currentSrc }
        : { w: el.videoWidth, h: el.videoHeight, src: el.currentSrc };
    return { stage: r(stage), border, frame: r(frame), media: r(el), natural, tag: el.tagName };
  });

test('a portrait photo, a portrait video and a tall screenshot are shown whole on the rating screen', async ({
  browser,
}, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  const fx = await portraitFiles();
  const uploader = new ApiVisitor();
  await uploader.start();
  const mine: Uploaded[] = [];
  for (const [name, f] of Object.entries(fx)) {
    const r = await uploader.upload(f.file, f.type);
    uploaded.push({ who: uploader, id: r.id });
    mine.push({ id: String(r.id), name, width: f.width, height: f.height, video: f.type.startsWith('video/') });
  }
  const ctx = await newContext(browser, size);
  const page = await newPage(ctx);
  await page.goto('/404-first');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  // this viewer has rated everything on the site but these three
  const targets = mine.map((m) => m.id).join(',');
  await (await ApiVisitor.of(ctx)).rateAllBut(mine.map((m) => m.id));
  await page.goto('/');
  const seen = new Set<string>();
  for (let i = 0; i < 8 && seen.size < mine.length; i++) {
    const id = (await loadedMediaId(page, 20_000))!;
    const m = mine.find((x) => x.id === id);
    assert(m, `the rating screen showed ${id}, not one of ${targets}`);
    if (!seen.has(id)) {
      seen.add(id);
      // a video is measured once its frames show (the poster may paint first)
      if (m.video) await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 2);
      const p = await painted(page);
      const aspect = m.width / m.height;
      expect(Math.abs(p.natural.w / p.natural.h - aspect), `${m.name}: the file as loaded is upright`).toBeLessThan(
        0.02,
      );
      expect(
        Math.abs(p.frame.w / p.frame.h - aspect) / aspect,
        `${m.name}: painted box ${p.frame.w}×${p.frame.h}`,
      ).toBeLessThan(0.02);
      // whole: inside the stage, and as large as the stage allows on one side
      const inner = { w: p.stage.w - p.border, h: p.stage.h - p.border };
      expect(p.frame.w, `${m.name}: wider than the stage`).toBeLessThanOrEqual(inner.w + 1);
      expect(p.frame.h, `${m.name}: taller than the stage`).toBeLessThanOrEqual(inner.h + 1);
      expect(
        Math.max(p.frame.w / inner.w, p.frame.h / inner.h),
        `${m.name}: the box ${p.frame.w}×${p.frame.h} does not fill the stage ${inner.w}×${inner.h} on either side`,
      ).toBeGreaterThan(0.98);
      expect(p.frame.y, `${m.name}: starts above the stage`).toBeGreaterThanOrEqual(p.stage.y);
      expect(p.frame.y + p.frame.h, `${m.name}: runs below the stage`).toBeLessThanOrEqual(p.stage.y + p.stage.h + 1);
      // the element fills the frame exactly (object-fit: contain of a box of the same aspect)
      expect([Math.round(p.media.w), Math.round(p.media.h)]).toEqual([Math.round(p.frame.w), Math.round(p.frame.h)]);
      await shot(page, `rate-whole-${m.name}`);
    }
    await page.getByRole('button', { name: /Skip this photo/ }).click();
    await waitForNewMedia(page, id).catch(() => {});
  }
  expect([...seen].sort()).toEqual(mine.map((m) => m.id).sort());
  await ctx.close();
});

test("My Stats' cards show pictures, never a video file", async ({ browser }, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  const fx = await portraitFiles();
  const ctx = await newContext(browser, size);
  const page = await newPage(ctx);
  const media: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/media/')) media.push(`${r.resourceType()} ${new URL(r.url()).pathname}`);
  });
  await page.goto('/404-first');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  const me = await ApiVisitor.of(ctx);
  for (const f of Object.values(fx)) uploaded.push({ who: me, id: (await me.upload(f.file, f.type)).id });
  await page.goto('/stats');
  await expect(page.getByTestId('media-card')).toHaveCount(3);
  await expect(page.locator('[data-testid=media-card] video'), 'a video element in a card').toHaveCount(0);
  const imgs = page.locator('[data-testid=media-card] img');
  // two photos; the video shows a tile with a play mark until its poster thumbnail exists
  expect(await imgs.count()).toBeGreaterThanOrEqual(2);
  for (const img of await imgs.all()) expect(await img.getAttribute('loading')).toBe('lazy');
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid=media-card] img')].every((i) => i.complete),
  );
  expect(
    media.filter((m) => m.startsWith('media ')),
    'video bytes fetched by the grid',
  ).toEqual([]);
  // a tall screenshot is cropped to the card's 4:3, never stretching it
  for (const box of await page.locator('.media-card__thumb').all()) {
    const b = (await box.boundingBox())!;
    expect(Math.abs(b.width / b.height - 4 / 3), `card picture ${b.width}×${b.height}`).toBeLessThan(0.02);
  }
  await shot(page, 'stats-thumbnails');
  await ctx.close();
});
