import type { Page } from '@playwright/test';
import { API, BASE, adminPost, expect, newContext, newPage, shot, test } from './fixtures';

/**
 * Traffic redirects configured by the operator: Back (and a left-edge swipe) leaves for the
 * configured URL while in-page jumps stay, and the idle redirect after the configured time.
 * Each test sets the configuration it needs and clears it again.
 */
test.describe.configure({ mode: 'serial' });

async function backButton(url: string) {
  const r = await adminPost('/api/admin/back-button-config', { backButtonUrl: url });
  expect(r.status, `POST /api/admin/back-button-config: ${r.text.slice(0, 100)}`).toBeLessThan(300);
}
/** On the landing page with the session and the traffic config loaded. */
async function landed(p: Page) {
  await p.goto('/');
  await p.waitForFunction(
    () =>
      (document.querySelector('[data-testid=sidebar-username], [data-testid=mobile-avatar]')?.textContent ??
        'Loading...') !== 'Loading...',
  );
  await p.waitForLoadState('networkidle');
}

test.beforeAll(() => backButton(`${BASE}/back-target`));
test.afterAll(() => backButton(''));

test('back-button redirect goes to the configured URL', { tag: '@desktop' }, async ({ browser }) => {
  const ctx = await newContext(browser, 'desktop');
  const p = await newPage(ctx);
  await landed(p);
  await p.mouse.click(640, 40); // a user gesture: Chrome only keeps history entries added after one
  await p.goBack().catch(() => {});
  await p.waitForURL('**/back-target', { timeout: 10_000 });
  await ctx.close();
});

test(
  '"Skip to content" (keyboard and mouse) and a #main jump stay on the site; then Back redirects',
  { tag: '@desktop' },
  async ({ browser }) => {
    const ctx = await newContext(browser, 'desktop');
    const p = await newPage(ctx);
    await landed(p);
    await p.keyboard.press('Tab');
    const skip = p.getByRole('link', { name: 'Skip to content' });
    await expect(skip, 'Tab reaches Skip to content first').toBeFocused();
    await shot(p, 'skip-link');
    await p.keyboard.press('Enter');
    await expect(p.locator('#main'), 'the skip link focuses the content').toBeFocused();
    expect(p.url(), 'redirected').not.toContain('back-target');
    await skip.focus();
    await skip.click();
    // a plain in-page link to #main, as any page may have: a history entry, still no redirect
    await p.evaluate(() => {
      const a = document.createElement('a');
      a.href = '#main';
      a.id = 'e2e-hash-link';
      a.textContent = 'to main';
      a.style.cssText = 'position:fixed;top:300px;left:600px;z-index:1000';
      document.body.append(a);
    });
    await p.click('#e2e-hash-link');
    await p.goBack(); // back from #main to the page: still ours
    await p.waitForLoadState('networkidle');
    expect(p.url(), 'redirected').not.toContain('back-target');
    await p.goBack().catch(() => {}); // a real Back out of the landing page
    await p.waitForURL('**/back-target', { timeout: 10_000 });
    await ctx.close();
  },
);

test(
  'back-button redirect: a left-edge swipe goes to the URL, a swipe from mid-screen does not',
  { tag: '@phone' },
  async ({ browser }) => {
    const ctx = await newContext(browser, 'phone');
    const p = await newPage(ctx);
    await landed(p);
    await p.locator('[data-testid=mobile-avatar]').waitFor();
    const cdp = await ctx.newCDPSession(p);
    const swipe = async (fromX: number, toX: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: 420 }] });
      for (let x = fromX + 40; x < toX; x += 40)
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: 424 }] });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    await swipe(150, 330);
    await p.waitForLoadState('networkidle');
    expect(p.url(), 'a mid-screen swipe redirected').not.toContain('back-target');
    await swipe(10, 220);
    await p.waitForURL('**/back-target', { timeout: 10_000 });
    await ctx.close();
  },
);

test('idle redirect fires after the configured 30 s without activity', { tag: '@desktop' }, async ({ browser }) => {
  const idle = await adminPost('/api/admin/idle-redirect-config', {
    idleRedirectTime: 30,
    idleRedirectUrl: `${BASE}/idle-target`,
  });
  expect(idle.status, `POST /api/admin/idle-redirect-config: ${idle.text.slice(0, 100)}`).toBeLessThan(300);
  try {
    const cfg = (await fetch(API + '/api/idle-redirect-config').then((r) => r.json())) as Record<string, unknown>;
    expect(cfg).toMatchObject({ enabled: true, idleRedirectTime: 30, idleRedirectUrl: `${BASE}/idle-target` });
    const ctx = await newContext(browser, 'desktop');
    const p = await newPage(ctx);
    // the page's clock: time flows while the page loads, then stops; a mouse move restarts the
    // idle timer at a known instant, and the 30 s are counted from there
    await p.clock.install();
    await p.goto('/');
    await p.waitForLoadState('networkidle');
    await p.clock.pauseAt((await p.evaluate(() => Date.now())) + 5_000);
    // activity counts at most once a second (spec), so the move comes a second after the last reset
    await p.clock.runFor(1_100);
    await p.mouse.move(200, 200);
    await p.clock.runFor(29_000);
    expect(p.url(), 'redirected before 30 s without activity').not.toContain('idle-target');
    await p.clock.runFor(1_500);
    await p.waitForURL('**/idle-target', { timeout: 10_000 });
    await ctx.close();
  } finally {
    // every later page would leave after 30 s
    await adminPost('/api/admin/idle-redirect-config', { idleRedirectUrl: '' });
  }
});
