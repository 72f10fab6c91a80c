import type { Browser, BrowserContext, Page } from '@playwright/test';
import { BASE, MOBILE, expect, files, newContext, newPage, seed, shot, test } from './fixtures';

/**
 * The layout around every screen: the phone header and tab bar (hidden while scrolling down), the
 * phone screens one after another, and the site name of an alternate domain.
 */
test.describe.configure({ mode: 'serial' });

let mobile: BrowserContext;
let mpage: Page;
let username: string;
/**
 * A browser-made visitor (setup project) with an upload of its own, who has rated everything
 * another visitor shared: My Stats has a card, the rating screen says rated-all.
 */
async function phoneVisitor(browser: Browser) {
  if (!mobile) {
    const v = await seed.browserVisitor('shell');
    await v.api.upload((await files()).mine, 'image/jpeg');
    await seed.uploader(2);
    await v.api.rateAllBut([]);
    username = v.api.user.username;
    mobile = await newContext(browser, 'phone', { storageState: v.storageState });
    mpage = await newPage(mobile);
  }
  return mpage;
}
test.afterAll(async () => {
  await mobile?.close();
});

test(
  'mobile: header with site name and two-letter avatar, tab bar, no sidebar',
  { tag: '@phone' },
  async ({ browser }) => {
    const mpage = await phoneVisitor(browser);
    await mpage.goto('/stats');
    await mpage.locator('[data-testid=media-card]').first().waitFor();
    await expect(mpage.locator('.mobile-header')).toBeVisible();
    await expect(mpage.locator('.sidebar'), 'sidebar on a phone').toBeHidden();
    await expect(mpage.locator('[data-testid=mobile-site-name]')).not.toBeEmpty();
    await expect(mpage.locator('[data-testid=mobile-avatar]')).toHaveText(username.slice(0, 2).toUpperCase());
    expect((await mpage.locator('.tabbar__link').allInnerTexts()).map((t) => t.trim())).toEqual([
      'Rate',
      'Upload',
      'Stats',
      'Profile',
    ]);
    await shot(mpage, 'stats');
  },
);

test(
  'mobile: tab bar hides scrolling down past 100 px, returns on scroll up and at the top',
  { tag: '@phone' },
  async ({ browser }) => {
    const mpage = await phoneVisitor(browser);
    await mpage.goto('/profile');
    await mpage.locator('[data-testid=session-id]').waitFor();
    await shot(mpage, 'profile');
    const bar = mpage.locator('[data-testid=tabbar]');
    const scrollTo = (y: number) => mpage.evaluate((v) => window.scrollTo(0, v), y);
    await scrollTo(60);
    await expect(bar, 'hidden before 100 px').toHaveAttribute('data-visible', 'true');
    await scrollTo(300);
    await expect(bar, 'still visible after scrolling down past 100 px').toHaveAttribute('data-visible', 'false');
    await expect
      .poll(async () => (await bar.boundingBox())!.y, { message: 'bar still on screen' })
      .toBeGreaterThanOrEqual(MOBILE.height - 2);
    await scrollTo(250);
    await expect(bar, 'not back on scroll up').toHaveAttribute('data-visible', 'true');
    await scrollTo(400);
    await expect(bar, 'not hidden again').toHaveAttribute('data-visible', 'false');
    await scrollTo(5);
    await expect(bar, 'not visible at the top').toHaveAttribute('data-visible', 'true');
  },
);

test('mobile screens: rate, upload, 404, menu', { tag: '@phone' }, async ({ browser }) => {
  const fx = await files();
  const mpage = await phoneVisitor(browser);
  await mpage.goto('/');
  await mpage.locator('[data-testid=rated-all]').waitFor();
  const rateBox = (await mpage.locator('.rate--state').boundingBox())!;
  expect(rateBox.width, 'rate screen wider than the phone').toBeLessThanOrEqual(MOBILE.width);
  await shot(mpage, 'rate-rated-all');
  await mpage.locator('.tabbar__link', { hasText: 'Upload' }).click();
  await mpage.getByRole('heading', { name: 'Upload Media' }).waitFor();
  await mpage.locator('[data-testid=file-input]').setInputFiles([fx.mine, fx.oversize]);
  await mpage.locator('[data-testid=queue-item]').waitFor();
  await mpage.locator('[data-testid=mobile-avatar]').click();
  await mpage.locator('[data-testid=avatar-menu]').waitFor();
  await shot(mpage, 'menu');
  await mpage.keyboard.press('Escape');
  await mpage.locator('[data-testid=mobile-avatar]').click();
  await mpage.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Save Account' }).click();
  await mpage.getByRole('dialog', { name: 'Save Your Account' }).waitFor();
  await shot(mpage, 'dialog-save-account');
  await mpage.keyboard.press('Escape');
  await mpage.goto('/no/such/page');
  await mpage.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  await shot(mpage, 'not-found');
  expect(
    await mpage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    'horizontal scrolling on mobile',
  ).toBe(true);
});

test(
  'an alternate domain shows its own display name (SITE_DOMAIN_NAMES, no rebuild)',
  { tag: '@desktop' },
  async ({ browser }) => {
    const alt = BASE.replace('localhost', '127.0.0.1');
    const ctx = await newContext(browser, 'desktop', { baseURL: alt });
    const p = await newPage(ctx);
    await p.goto(alt + '/404-check');
    await expect(p.locator('[data-testid=site-name]')).toHaveText('Vibe Check');
    expect(await p.title()).toContain('Vibe Check');
    await ctx.close();
  },
);
