import type { Page, Response } from '@playwright/test';
import {
  ApiVisitor,
  assert,
  cameraPhoto,
  expect,
  files,
  loadedMediaId,
  newContext,
  newPage,
  shot,
  test,
  waitForNewMedia,
} from './fixtures';

/**
 * Issue 26 item 1 on the screens: originals are private, every screen shows renditions. The
 * full-size overlay of a 12 MP photo fetches its ≤ 2560 px rendition (≤ 1 MB), not the camera's
 * file; My Stats right after uploading shows "Processing…" by the placeholders, fetches no
 * original, and updates itself when the renditions are made. Self-contained; deletes what it uploads.
 */
test.describe.configure({ mode: 'serial' });

const uploaded: { who: ApiVisitor; id: string | number }[] = [];
test.afterAll(async () => {
  for (const { who, id } of uploaded.splice(0)) await who.call('DELETE', `/api/media/${id}?userId=${who.user.id}`);
});

/** Every /media/ response the page gets, with its size. */
function mediaResponses(page: Page) {
  const seen: { url: string; status: number; bytes: number }[] = [];
  page.on('response', (r: Response) => {
    const path = new URL(r.url()).pathname;
    if (!path.startsWith('/media/')) return;
    void r
      .body()
      .then((b) => seen.push({ url: path, status: r.status(), bytes: b.length }))
      .catch(() => seen.push({ url: path, status: r.status(), bytes: -1 }));
  });
  return seen;
}
const originals = (seen: { url: string }[]) => seen.filter((s) => !s.url.startsWith('/media/renditions/'));

test('the full-size overlay of a 12 MP photo fetches its rendition (≤ 1 MB), never the original', async ({
  browser,
}, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  const uploader = new ApiVisitor();
  await uploader.start();
  const photo = await uploader.upload(await cameraPhoto(), 'image/jpeg');
  uploaded.push({ who: uploader, id: photo.id });

  const ctx = await newContext(browser, size);
  const page = await newPage(ctx);
  await page.goto('/404-first');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  await (await ApiVisitor.of(ctx)).rateAllBut([photo.id]);
  const seen = mediaResponses(page);
  await page.goto('/');
  for (let i = 0; i < 10; i++) {
    const id = await loadedMediaId(page, 20_000);
    if (id === String(photo.id)) break;
    await page.getByRole('button', { name: /Skip this photo/ }).click();
    await waitForNewMedia(page, id);
  }
  expect(await loadedMediaId(page)).toBe(String(photo.id));
  await page.locator('[data-testid=rate-media]').click();
  const full = page.getByTestId('media-overlay').locator('img');
  await expect(full).toBeVisible();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=media-overlay] img');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  const src = new URL((await full.getAttribute('src'))!, 'http://x').pathname;
  expect(src).toMatch(/^\/media\/renditions\/uploads\/.+\/full-[0-9a-f]{20}\.webp$/);
  expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2560);
  const fetched = seen.find((s) => s.url === src);
  assert(fetched, `the overlay's ${src} was not fetched`);
  expect(fetched.bytes).toBeGreaterThan(0);
  expect(fetched.bytes).toBeLessThanOrEqual(1_000_000);
  await shot(page, 'private-originals-overlay');
  expect(originals(seen), 'originals fetched by the rating screen').toEqual([]);
  // and the original itself: nobody's but its uploader's
  expect((await page.request.get(photo.url)).status()).toBe(404);
  await ctx.close();
});

test('My Stats right after uploading photos shows them as processing, fetches no original, and updates itself', async ({
  browser,
}, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  const fx = await files();
  const ctx = await newContext(browser, size);
  const page = await newPage(ctx);
  await page.goto('/404-first');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  const me = await ApiVisitor.of(ctx);
  const seen = mediaResponses(page);
  const mine = [];
  for (const f of [await cameraPhoto(), ...fx.seed.slice(0, 3)]) {
    const m = await me.upload(f, 'image/jpeg', undefined, { rendered: false });
    uploaded.push({ who: me, id: m.id });
    mine.push(m);
  }
  await page.goto('/stats');
  await expect(page.getByTestId('media-card')).toHaveCount(mine.length);
  if (await page.getByTestId('media-processing').count()) await shot(page, 'private-originals-stats-processing');
  // no reload: the cards turn into thumbnails by themselves
  await expect(page.getByTestId('media-processing')).toHaveCount(0, { timeout: 120_000 });
  await expect(page.locator('[data-testid=media-card] img')).toHaveCount(mine.length);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>('[data-testid=media-card] img')].every((i) => i.complete),
  );
  await shot(page, 'private-originals-stats-ready');
  expect(originals(seen), 'originals fetched by My Stats').toEqual([]);
  expect(seen.length).toBeGreaterThan(0);
  await ctx.close();
});
