import type { BrowserContext, Page } from '@playwright/test';
import {
  ApiVisitor,
  BASE,
  adminPost,
  assert,
  expect,
  files,
  loadedMediaId,
  newContext,
  newPage,
  portraitFiles,
  shot,
  test,
  waitForNewMedia,
} from './fixtures';

/**
 * Issue 22 on the rating screen: swipe voting (mouse and touch), its spring-back and its truce
 * with the left-edge swipe-back, the buttons above the tab bar at 200 % zoom and on a phone, the
 * results in view after a vote on a phone, and a video that waits for the visitor under reduced
 * motion. Self-contained: its own uploader, and viewers who have rated everything else.
 */
test.describe.configure({ mode: 'serial' });

/** A fresh viewer at `size` who has rated everything on the site except `keep`, on the rating screen. */
async function viewerOf(
  browser: Parameters<typeof newContext>[0],
  size: 'desktop' | 'phone',
  keep: string[],
  options: Parameters<typeof newContext>[2] = {},
) {
  const ctx = await newContext(browser, size, options);
  const page = await newPage(ctx);
  await page.goto('/404-first');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  await (await ApiVisitor.of(ctx)).rateAllBut(keep);
  await page.goto('/');
  return { ctx, page };
}

/** The votes this page sends: media id and Hot or Not. */
function votesOf(page: Page) {
  const votes: { id: string; isHot: boolean }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/votes') {
      const b = JSON.parse(r.postData() ?? '{}') as { mediaId: unknown; isHot: boolean };
      votes.push({ id: String(b.mediaId), isHot: b.isHot });
    }
  });
  return votes;
}

/** A mouse drag across the stage from its middle: `dx` px sideways in `steps` moves. */
async function drag(page: Page, dx: number, steps = 12, fromX?: number) {
  const box = (await page.locator('[data-testid=rate-media]').boundingBox())!;
  const x = fromX ?? box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + 4, { steps });
  await page.mouse.up();
}

/** A finger on the touch screen, through the DevTools protocol: from x to x + dx at the stage's middle. */
async function touchSwipe(ctx: BrowserContext, page: Page, fromX: number, dx: number) {
  const box = (await page.locator('[data-testid=rate-media]').boundingBox())!;
  const y = Math.round(box.y + box.height / 2);
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y }] });
  for (let i = 1; i <= 8; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: fromX + (dx * i) / 8, y: y + i }],
    });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

let mine: string[] = [];
let videoId = '';
let uploader: ApiVisitor | undefined;
/** The site as it was: this spec's uploads go again at its end. */
test.afterAll(async () => {
  for (const id of [...mine, videoId].filter(Boolean))
    await uploader?.call('DELETE', `/api/media/${id}?userId=${uploader.user.id}`);
});

test('seed: an uploader shares four photos and a video', async () => {
  const fx = await files();
  const tall = await portraitFiles();
  uploader = new ApiVisitor();
  await uploader.start();
  mine = [];
  for (const f of fx.seed.slice(0, 4)) mine.push(String((await uploader.upload(f, 'image/jpeg')).id));
  videoId = String((await uploader.upload(tall.video.file, 'video/mp4')).id);
});

test('a swipe right votes Hot, a swipe left votes Not, a short drag springs back', async ({ browser }, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  const { ctx, page } = await viewerOf(browser, size, mine);
  const votes = votesOf(page);
  let id = (await loadedMediaId(page))!;

  // a short, slow drag: no vote, the card back in place, no overlay
  await drag(page, 50, 20);
  await expect
    .poll(() => page.locator('[data-testid=rate-media]').evaluate((el) => getComputedStyle(el).transform))
    .toMatch(/^(none|matrix\(1, 0, 0, 1, 0, 0\))$/);
  await expect(page.locator('[data-testid=media-overlay]')).toHaveCount(0);
  expect(await loadedMediaId(page)).toBe(id);
  expect(votes).toEqual([]);

  // the card follows the finger and the Hot stamp shows while dragging
  const box = (await page.locator('[data-testid=rate-media]').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 100, box.y + box.height / 2, { steps: 10 });
  const moved = (await page.locator('[data-testid=rate-media]').boundingBox())!;
  expect(moved.x, 'the card follows the drag').toBeGreaterThan(box.x + 50);
  expect(Number(await page.locator('.rate__hint--hot').evaluate((el) => getComputedStyle(el).opacity))).toBeGreaterThan(
    0.5,
  );
  await shot(page, 'rate-swipe-drag');
  await page.mouse.move(box.x + box.width / 2 + 200, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  id = await waitForNewMedia(page, id);
  await expect.poll(() => votes.length).toBe(1);
  expect(votes[0]!.isHot, 'a swipe right is Hot').toBe(true);
  await expect(page.locator('[data-testid=your-vote]')).toHaveText('Hot');

  // left: Not
  await loadedMediaId(page);
  await drag(page, -200);
  await waitForNewMedia(page, id);
  await expect.poll(() => votes.length).toBe(2);
  expect(votes[1]!.isHot, 'a swipe left is Not').toBe(false);
  await expect(page.locator('[data-testid=your-vote]')).toHaveText('Not');
  expect(new Set(votes.map((v) => v.id)).size, 'one vote per item').toBe(2);
  await ctx.close();
});

test('phone: a finger swipe right votes Hot', { tag: '@phone' }, async ({ browser }) => {
  const { ctx, page } = await viewerOf(browser, 'phone', mine);
  const votes = votesOf(page);
  const id = (await loadedMediaId(page))!;
  await touchSwipe(ctx, page, 150, 180);
  await waitForNewMedia(page, id);
  await expect.poll(() => votes).toEqual([{ id, isHot: true }]);
  await ctx.close();
});

test('phone: a swipe from the left edge is the back redirect, not a vote', { tag: '@phone' }, async ({ browser }) => {
  const r = await adminPost('/api/admin/back-button-config', { backButtonUrl: `${BASE}/back-target` });
  expect(r.status).toBeLessThan(300);
  try {
    const { ctx, page } = await viewerOf(browser, 'phone', mine);
    const votes = votesOf(page);
    await loadedMediaId(page);
    await page.waitForLoadState('networkidle');
    await touchSwipe(ctx, page, 10, 210);
    await page.waitForURL('**/back-target', { timeout: 10_000 });
    expect(votes, 'the edge swipe voted').toEqual([]);
    await ctx.close();
  } finally {
    await adminPost('/api/admin/back-button-config', { backButtonUrl: '' });
  }
});

test(
  'phone: the results of a vote show without scrolling, above the tab bar',
  { tag: '@phone' },
  async ({ browser }) => {
    const { ctx, page } = await viewerOf(browser, 'phone', mine);
    const id = (await loadedMediaId(page))!;
    const bar = (await page.locator('[data-testid=tabbar]').boundingBox())!;
    const vote = (await page.getByRole('button', { name: /^Hot/ }).boundingBox())!;
    expect(vote.y + vote.height, 'Hot above the tab bar').toBeLessThanOrEqual(bar.y);
    await page.getByRole('button', { name: /^Hot/ }).click();
    await waitForNewMedia(page, id);
    const results = page.locator('[data-testid=results]');
    await results.waitFor();
    expect(await page.evaluate(() => window.scrollY), 'the page scrolled').toBe(0);
    const r = (await results.boundingBox())!;
    expect(r.y + r.height, `results end at ${r.y + r.height}, tab bar at ${bar.y}`).toBeLessThanOrEqual(bar.y);
    await shot(page, 'rate-results-in-view');
    await ctx.close();
  },
);

test(
  '200 % zoom (640×400 CSS px): Hot and Not are in view above the tab bar',
  { tag: '@desktop' },
  async ({ browser }) => {
    const { ctx, page } = await viewerOf(browser, 'phone', mine, { viewport: { width: 640, height: 400 } });
    await loadedMediaId(page);
    const bar = (await page.locator('[data-testid=tabbar]').boundingBox())!;
    for (const name of [/^Hot/, /^Not/]) {
      const b = (await page.getByRole('button', { name }).boundingBox())!;
      expect(b.y, `${name} top`).toBeGreaterThanOrEqual(0);
      expect(b.y + b.height, `${name} ends at ${b.y + b.height}, tab bar at ${bar.y}`).toBeLessThanOrEqual(bar.y);
    }
    await shot(page, 'rate-zoom-200');
    const id = (await loadedMediaId(page))!;
    await page.getByRole('button', { name: /^Not/ }).click();
    await waitForNewMedia(page, id);
    await ctx.close();
  },
);

test('reduced motion: the video waits to be played, with a pause control; no fling', async ({ browser }, info) => {
  const size = info.project.name === 'phone' ? 'phone' : 'desktop';
  const { ctx, page } = await viewerOf(browser, size, [videoId], { reducedMotion: 'reduce' });
  const votes = votesOf(page);
  const id = (await loadedMediaId(page))!;
  assert(id === videoId, `expected the video ${videoId}, got ${id}`);
  const video = page.locator('[data-testid=rate-media] video');
  expect(await video.evaluate((v: HTMLVideoElement) => [v.autoplay, v.paused])).toEqual([false, true]);
  await page.waitForTimeout(500);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime), 'the video played by itself').toBe(0);
  const control = page.getByRole('button', { name: 'Play video' });
  await control.click();
  await expect(page.getByRole('button', { name: 'Pause video' })).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  await shot(page, 'rate-reduced-motion-video');
  await page.getByRole('button', { name: 'Pause video' }).click();
  await expect(page.getByRole('button', { name: 'Play video' })).toBeVisible();
  // a swipe still votes, without flying out (no transition on the card)
  await drag(page, 220);
  await expect.poll(() => votes).toEqual([{ id, isHot: true }]);
  await ctx.close();
});
