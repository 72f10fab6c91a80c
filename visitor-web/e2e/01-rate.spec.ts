import type { BrowserContext, Page } from '@playwright/test';
import {
  API,
  ApiVisitor,
  DESKTOP,
  MOBILE,
  adminPost,
  assert,
  auditPage,
  consoleErrorsOf,
  expect,
  expectTracked,
  files,
  loadedMediaId,
  mediaId,
  newContext,
  newPage,
  seed,
  shot,
  test,
  waitForNewMedia,
  watchVotes,
  focusIn,
} from './fixtures';

/**
 * The rating screen: the first visit on an empty site, then one random item at a time, votes by
 * button and key, the full-size overlay, the rated-all state, the ad zone, the phone layout, and
 * media whose file is gone. The first visit needs the fresh database (run alone, or first in the
 * whole run): the site is empty until the seed step.
 */
test.describe.configure({ mode: 'serial' });

let ctx: BrowserContext;
let page: Page;
/** The ids of the random picks this visitor's page received, in order. */
const picks: string[] = [];

test.beforeAll(async ({ browser }, info) => {
  if (info.project.name !== 'desktop') return;
  ctx = await newContext(browser, 'desktop');
  page = await newPage(ctx);
  page.on('response', async (r) => {
    if (!/\/api\/media\/random\//.test(r.url()) || r.status() !== 200) return;
    const body = (await r.json().catch(() => null)) as { id: unknown } | null;
    if (body) picks.push(String(body.id));
  });
});
test.afterAll(async () => {
  await ctx?.close();
});
/** The second visitor of the seed step, and the photo whose file is gone. */
let other: ApiVisitor;
let broken: Awaited<ReturnType<typeof seed.brokenPhoto>> | undefined;

test('first visit creates a session with a three-word username', { tag: '@desktop' }, async () => {
  await page.goto('/');
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid=sidebar-username]')?.textContent ?? '';
    return t && t !== 'Loading...';
  });
  const username = (await page.locator('[data-testid=sidebar-username]').innerText()).trim();
  expect(username, 'three capitalised words').toMatch(/^(?:[A-Z][a-z]+){3}\d*$/);
  await expect(page.locator('.user-block__status')).toContainText('Active');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null'));
  assert(
    stored && /^[A-Za-z0-9]{32}$/.test(stored.sessionId) && stored.username === username,
    `stored session ${JSON.stringify(stored)}`,
  );
});

test('site name comes from /api/site-config', { tag: '@desktop' }, async () => {
  const cfg = (await fetch(API + '/api/site-config').then((r) => r.json())) as { siteName: string };
  assert(cfg.siteName, 'no siteName in /api/site-config');
  await expect(page.locator('[data-testid=site-name]')).toHaveText(cfg.siteName);
  expect(await page.title()).toContain(cfg.siteName);
});

test('empty state: No Photos to Rate with Upload Your First Photo', { tag: '@desktop' }, async ({ browser }) => {
  await page.getByRole('heading', { name: 'No Photos to Rate' }).waitFor();
  await auditPage(page, '/ (empty)');
  await expect(page.locator('iframe'), 'an ad frame shows although no ad is configured').toHaveCount(0);
  const btn = page.getByRole('link', { name: 'Upload Your First Photo' });
  expect(await btn.getAttribute('href')).toBe('/upload');
  await shot(page, 'rate-empty');
  // the phone size of the same empty site: the phone project runs after the site has media
  const phone = await newContext(browser, 'phone');
  const m = await newPage(phone);
  await m.goto('/');
  await m.getByRole('heading', { name: 'No Photos to Rate' }).waitFor();
  await shot(m, 'rate-empty');
  await phone.close();
});

test(
  'no ad configured is a normal state: GET /api/ad-config/zone1 answers 200 null, no console error',
  { tag: '@desktop' },
  async ({ browser }) => {
    const r = await fetch(API + '/api/ad-config/zone1');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('null');
    const c = await newContext(browser, 'desktop');
    const p = await newPage(c);
    const adAnswers: number[] = [];
    p.on('response', (res) => {
      if (new URL(res.url()).pathname === '/api/ad-config/zone1') adAnswers.push(res.status());
    });
    await p.goto('/');
    await p.getByRole('heading', { name: 'No Photos to Rate' }).waitFor();
    await expect.poll(() => adAnswers.length, 'the ad config was asked for').toBeGreaterThan(0);
    expect(
      adAnswers.every((st) => st === 200),
      `ad config answers ${adAnswers.join(',')}`,
    ).toBe(true);
    expect(consoleErrorsOf(p), 'console errors on load').toEqual([]);
    await c.close();
  },
);

test('seed: a second visitor uploads five photos', { tag: '@desktop' }, async ({ second }) => {
  const fx = await files();
  other = second;
  for (const f of fx.seed) await other.upload(f, 'image/jpeg');
});

test('rating screen shows one random item', { tag: '@desktop' }, async () => {
  await page.reload();
  await loadedMediaId(page);
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=rate-media] img');
    return img && img.complete && img.naturalWidth > 0;
  });
  expect(await page.locator('[data-testid=rate-media] img').getAttribute('alt'), 'media alt text').toBeTruthy();
  const box = (await page.locator('[data-testid=rate-media]').boundingBox())!;
  expect(Math.abs(box.height - (DESKTOP.height - 190)), `media area height ${box.height}`).toBeLessThanOrEqual(2);
  await page.getByText("How's my Vibe?", { exact: true }).first().waitFor();
  await page.getByText(/honest rating helps others discover/).waitFor();
  await shot(page, 'rate');
});

test(
  'Hot vote shows the results and the next item from the prefetch, with no request for it',
  { tag: '@desktop' },
  async () => {
    const before = await loadedMediaId(page);
    // the prefetch: a pick for another item than the one shown (as a visitor looking at the photo would wait)
    await expect
      .poll(() => picks.filter((id) => id !== before).length, { message: 'no next item was prefetched' })
      .toBeGreaterThan(0);
    const prefetched = picks.filter((id) => id !== before).at(-1);
    // from here on no random pick is answered: what shows next must already be in the page
    let held = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route('**/api/media/random/**', async (route) => {
      held++;
      await gate;
      await route.fallback().catch(() => {}); // unrouted meanwhile: the request went on already
    });
    try {
      await page.getByRole('button', { name: /^Hot/ }).click();
      const next = await waitForNewMedia(page, before).catch((err: Error) => {
        throw new Error(`no next item without the network (${held} pick(s) asked for): ${err.message}`);
      });
      expect(next, 'the next item is not the prefetched one').toBe(prefetched);
      await page.locator('[data-testid=results]').waitFor();
      await expect(page.locator('[data-testid=your-vote]')).toHaveText('Hot');
      await expect(page.locator('[data-testid=results-total]')).toHaveText('1');
      await expect(page.locator('[data-testid=results-hot]')).toHaveText('100%');
      await expect(page.locator('[data-testid=results-not]')).toHaveText('0%');
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid=rate-media] img');
        return img && img.complete && img.naturalWidth > 0;
      });
    } finally {
      release();
      await page.unroute('**/api/media/random/**');
      await page.waitForLoadState('networkidle');
    }
    await expect(page.locator('.results .split-bar')).toBeVisible();
    await shot(page, 'rate-results');
    await auditPage(page, '/');
    await expectTracked(ctx, ['page_view', 'vote']);
  },
);

test('Skip this photo shows another item', { tag: '@desktop' }, async () => {
  const before = await mediaId(page);
  await page.getByRole('button', { name: /Skip this photo/ }).click();
  await waitForNewMedia(page, before);
});

test('keyboard: N votes Not, → votes Hot, hints shown on desktop', { tag: '@desktop' }, async () => {
  await expect(page.locator('.vote__keys kbd').first(), 'keyboard hints on desktop').toBeVisible();
  let before = await loadedMediaId(page);
  await page.keyboard.press('n');
  before = await waitForNewMedia(page, before);
  await expect(page.locator('[data-testid=your-vote]')).toHaveText('Not');
  await loadedMediaId(page);
  await page.keyboard.press('ArrowRight');
  await waitForNewMedia(page, before);
  await expect(page.locator('[data-testid=your-vote]')).toHaveText('Hot');
});

test('full-size overlay opens on click, locks scrolling and closes on Escape', { tag: '@desktop' }, async () => {
  await page.locator('[data-testid=rate-media]').click();
  const overlay = page.locator('[data-testid=media-overlay]');
  await overlay.waitFor();
  await overlay.locator('img, video').first().waitFor({ state: 'visible', timeout: 5_000 });
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow), 'body overflow').toBe('hidden');
  await shot(page, 'rate-overlay');
  await page.keyboard.press('Escape');
  await overlay.waitFor({ state: 'detached' });
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow), 'scroll still locked').not.toBe('hidden');
});

test(
  'overlay by keyboard: focus moves in and stays, H votes nothing, focus returns to the media',
  { tag: '@desktop' },
  async () => {
    const votes = watchVotes(page);
    const id = await loadedMediaId(page);
    await page.locator('[data-testid=rate-media]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid=media-overlay]').waitFor();
    await expect(
      page.getByRole('button', { name: 'Close full-size view' }),
      'the overlay opens on Close, not Report',
    ).toBeFocused();
    for (let i = 0; i < 4; i++) {
      const f = await focusIn(page, '[data-testid=media-overlay]');
      assert(f.inside, `focus left the overlay after ${i} Tab(s): on ${f.tag} "${f.label}"`);
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('h');
    await page.keyboard.press('n');
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=media-overlay]').waitFor({ state: 'detached' });
    await expect(page.locator('[data-testid=rate-media]'), 'focus back on the media').toBeFocused({ timeout: 2_000 });
    expect(votes, 'keys behind the overlay voted').toEqual([]);
    expect(await mediaId(page), 'the item changed while the overlay was open').toBe(id);
  },
);

test('rated-all state after voting on everything', { tag: '@desktop' }, async () => {
  for (let i = 0; i < 12; i++) {
    if (await page.locator('[data-testid=rated-all]').isVisible()) break;
    const id = await loadedMediaId(page, 3_000).catch(() => null);
    if (!id) continue;
    await page.keyboard.press('h');
    await waitForNewMedia(page, id, 3_000).catch(() => {});
  }
  await expect(page.locator('[data-testid=rated-all]')).toHaveText(
    'You have rated all the media we have right now - check back soon for more!',
  );
  await page.getByRole('button', { name: /Refresh for more images/ }).waitFor();
  await shot(page, 'rate-rated-all');
});

test('only the first view of an unvoted item is recorded', { tag: '@desktop' }, async () => {
  // the second visitor's five photos were each shown once to this visitor
  const r = await other.call('GET', `/api/users/${other.user.id}/stats`);
  expect(r.status).toBe(200);
  const views = (r.json.mediaStats as { totalViews: number }[]).map((m) => m.totalViews);
  assert(
    views.every((v) => v <= 1) && views.filter((v) => v === 1).length >= 4,
    `views per item ${JSON.stringify(views)}`,
  );
});

let adCtx: BrowserContext;
let adPage: Page;
test(
  'ad zone1 renders under Skip in a sandboxed iframe (scripts allowed, same-origin not)',
  { tag: '@desktop' },
  async ({ browser }) => {
    const r = await adminPost('/api/admin/ad-config/zone1', {
      zoneName: 'Ad Zone 1',
      adCode:
        '<div id="ad" style="font:600 14px system-ui;color:#fff;background:linear-gradient(135deg,#0ea5e9,#6366f1);padding:18px;border-radius:12px;text-align:center">Sunny Deals — 20% off sunglasses</div><script>var d=document.getElementById("ad");d.dataset.ran="yes";try{d.dataset.parent=String(parent.document.title)}catch(e){d.dataset.parent="blocked"}try{d.dataset.cookie=String(document.cookie)}catch(e){d.dataset.cookie="blocked"}</script>',
      isActive: true,
    });
    expect(r.status, `POST /api/admin/ad-config/zone1: ${r.text.slice(0, 120)}`).toBeLessThan(300);
    // A fresh browser context: the earlier "no ad" answer may sit in the HTTP cache for 5 minutes.
    adCtx = await newContext(browser, 'desktop');
    adPage = await newPage(adCtx);
    await adPage.goto('/');
    await mediaId(adPage);
    const frame = adPage.locator('iframe.ad-zone__frame');
    await frame.waitFor();
    const sandbox = (await frame.getAttribute('sandbox')) ?? '';
    expect(sandbox.split(/\s+/), `sandbox="${sandbox}"`).toContain('allow-scripts');
    expect(sandbox, `sandbox="${sandbox}" allows same-origin`).not.toContain('allow-same-origin');
    expect((await frame.getAttribute('src')) ?? '', 'the frame loads the zone document').toMatch(
      /^\/api\/ad-frame\/zone1/,
    );
    const box = (await adPage.locator('.rate__skip').boundingBox())!;
    const adBox = (await frame.boundingBox())!;
    expect(adBox.y, 'ad under the Skip button').toBeGreaterThan(box.y);
    await adPage.frameLocator('iframe.ad-zone__frame').locator('#ad').waitFor();
    await shot(adPage, 'rate-with-ad');
  },
);

test("the ad's scripts run inside the frame and cannot reach the page", { tag: '@desktop' }, async () => {
  const ad = adPage.frameLocator('iframe.ad-zone__frame').locator('#ad');
  const csp = await fetch(API + '/api/ad-frame/zone1').then((res) => res.headers.get('content-security-policy'));
  await expect(ad, `ad script did not run (the ad frame's CSP is: ${csp})`).toHaveAttribute('data-ran', 'yes');
  await expect(ad, 'ad could read the parent page').toHaveAttribute('data-parent', 'blocked');
  await expect(ad, "ad could read the visitor's cookies").toHaveAttribute('data-cookie', 'blocked');
  await adCtx.close();
});

// (the uploader fixture: photos on the site, however the phone project is run)
test('phone: Skip this photo is above the tab bar at first paint', { tag: '@phone' }, async ({ page: p, uploader }) => {
  expect(uploader.media).toHaveLength(5);
  await p.goto('/');
  await loadedMediaId(p);
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.reload();
  await loadedMediaId(p);
  const skip = await p.getByRole('button', { name: /Skip this photo/ }).boundingBox();
  const bar = await p.locator('[data-testid=tabbar]').boundingBox();
  assert(skip && bar && skip.y + skip.height <= bar.y, `Skip ends at ${skip!.y + skip!.height}, tab bar at ${bar?.y}`);
  await shot(p, 'rate-first-paint');
});

test('mobile: rating screen with a photo, media area 55% − 10 px', { tag: '@phone' }, async ({ browser, uploader }) => {
  expect(uploader.media).toHaveLength(5);
  // a fresh phone visitor sees the remaining photos
  const fresh = await newContext(browser, 'phone');
  const p = await newPage(fresh);
  await p.goto('/');
  await loadedMediaId(p);
  const box = (await p.locator('[data-testid=rate-media]').boundingBox())!;
  expect(
    Math.abs(box.height - Math.round(MOBILE.height * 0.55 - 10)),
    `media height ${box.height}`,
  ).toBeLessThanOrEqual(2);
  await expect(p.locator('.vote__keys').first(), 'keyboard hints on a phone').toBeHidden();
  await shot(p, 'rate');
  const before = await mediaId(p);
  await p.getByRole('button', { name: /^Not/ }).click();
  await waitForNewMedia(p, before);
  await p.locator('[data-testid=results]').waitFor();
  await p.evaluate(() => window.scrollTo(0, 420));
  await shot(p, 'rate-results');
  await p.evaluate(() => window.scrollTo(0, 0));
  await loadedMediaId(p);
  await p.locator('[data-testid=rate-media]').click();
  await p.locator('[data-testid=media-overlay]').waitFor();
  await shot(p, 'rate-overlay');
  await p.keyboard.press('Escape');
  await p.locator('[data-testid=media-overlay]').waitFor({ state: 'detached' });
  await expect(p.locator('[data-testid=rate-media]'), 'focus back on the media').toBeFocused({ timeout: 2_000 });
  await fresh.close();
});

// ---------------------------------------------------------------- media whose stored file is gone
test(
  'seed: a photo uploaded through the app whose stored file is then deleted',
  { tag: '@desktop' },
  async ({ browser }) => {
    broken = await seed.brokenPhoto(browser);
  },
);

/** A fresh visitor who has rated everything except the broken photo (through its own cookie). */
async function lastOneLeft(c: BrowserContext, brokenId: string | number) {
  const p = await newPage(c);
  const votes = watchVotes(p);
  await p.goto('/404-first'); // no rating screen yet
  await p.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await p.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  await (await ApiVisitor.of(c)).rateAllBut([brokenId]);
  return { p, votes };
}

test('broken photo as the last item: no vote until it loads, skipped, rated-all', async ({ browser }, info) => {
  // the phone project's own, when the desktop one's seed step did not run in this worker
  const gone = (broken ??= await seed.brokenPhoto(browser));
  const c = await newContext(browser, info.project.name === 'phone' ? 'phone' : 'desktop');
  const { p, votes } = await lastOneLeft(c, gone.id);
  // hold the failing answer, so the screen can be seen (and poked) while it loads
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  // the screen asks for the preview rendition (/media/renditions/<key>/...) or the original
  const key = new URL(gone.url, API).pathname.replace(/^\/media\//, '');
  await c.route(
    (u) => u.pathname.startsWith('/media/') && u.pathname.includes(key),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await p.goto('/');
  const media = p.locator(`[data-testid=rate-media][data-media-id="${gone.id}"]`);
  await media.waitFor();
  expect(await media.getAttribute('data-loaded'), 'the broken photo counts as loaded').toBe('false');
  for (const name of [/^Hot/, /^Not/])
    await expect(p.getByRole('button', { name }), `${name} enabled before the photo loaded`).toBeDisabled();
  await p.keyboard.press('h');
  await p.keyboard.press('ArrowLeft');
  await shot(p, 'rate-loading');
  release();
  await expect(p.locator('[data-testid=rated-all]')).toContainText('You have rated all the media we have right now');
  await expect(p.getByText('Loading media...'), 'still says Loading media...').toHaveCount(0);
  // the keys pressed while it loaded must not have sent a vote, then or later
  await p.waitForLoadState('networkidle');
  expect(votes, 'voted although nothing could be seen').toEqual([]);
  await shot(p, 'rate-rated-all-broken');
  await c.close();
});

test(
  'broken photo among others: never voted, skipped, every other photo rated, then rated-all',
  { tag: '@desktop' },
  async ({ browser }) => {
    assert(broken, 'the seed step made no broken photo');
    const c = await newContext(browser, 'desktop');
    const p = await newPage(c);
    const votes = watchVotes(p);
    await p.goto('/');
    for (let i = 0; i < 40; i++) {
      if (await p.locator('[data-testid=rated-all]').isVisible()) break;
      const id = await loadedMediaId(p, 3_000).catch(() => null);
      if (!id) continue;
      await p.keyboard.press(i % 2 ? 'h' : 'n');
      await waitForNewMedia(p, id, 3_000).catch(() => {});
    }
    await p.locator('[data-testid=rated-all]').waitFor({ timeout: 10_000 });
    expect(votes, 'the broken photo was voted on').not.toContain(String(broken.id));
    const api = await ApiVisitor.of(c);
    const left = await api.call('GET', `/api/media/random/${api.user.id}?exclude=${broken.id}`);
    assert(
      left.status === 200 && String(left.json?.id) === String(broken.id),
      `something other than the broken photo is left unrated: ${left.status} ${JSON.stringify(left.json)}`,
    );
    assert(new Set(votes).size === votes.length && votes.length >= 5, `votes ${votes.join(', ')}`);
    await c.close();
  },
);
