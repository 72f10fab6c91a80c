import type { BrowserContext, Page } from '@playwright/test';
import {
  BASE,
  auditPage,
  expect,
  expectToast,
  expectTracked,
  linkFromEml,
  mailsTo,
  newContext,
  newPage,
  seed,
  shot,
  test,
  toastText,
} from './fixtures';

/**
 * The profile screen: username checks and save, the session card, sharing a location, saving the
 * account with a magic link (and the link used twice), and a long username in the sidebar and menu.
 * The visitor is a browser-made one of the setup project.
 */
test.describe.configure({ mode: 'serial' });

let ctx: BrowserContext;
let page: Page;
/** The visitor's username once saved, and the address its account is saved to. */
let username: string;
let savedEmail: string;

test.beforeAll(async ({ browser }, info) => {
  if (info.project.name !== 'desktop') return;
  ctx = await newContext(browser, 'desktop', { storageState: (await seed.browserVisitor('profile')).storageState });
  page = await newPage(ctx);
  await page.goto('/stats');
});
test.afterAll(async () => {
  await ctx?.close();
});

test('profile: taken and available usernames, save', { tag: '@desktop' }, async ({ second }) => {
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.waitForURL('**/profile');
  const input = page.getByLabel('Username');
  await input.fill(second.user.username);
  await page.locator('[data-testid=username-status][data-state=taken]').waitFor();
  await expect(page.locator('[data-testid=username-status]')).toContainText('Username is already taken');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Username Unavailable', 'Please choose a different username.');
  const fresh = `VibeTester${Date.now() % 100000}`;
  await input.fill(fresh);
  await page.locator('[data-testid=username-status][data-state=checking]').waitFor();
  await page.locator('[data-testid=username-status][data-state=available]').waitFor();
  await shot(page, 'profile');
  await auditPage(page, '/profile');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Profile Updated');
  await expect(page.locator('[data-testid=sidebar-username]')).toHaveText(fresh);
  username = fresh;
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'No Changes', 'No changes were made to your profile.');
  await expectTracked(ctx, ['page_view', 'navigation', 'profile_update']);
});

test('profile shows session information and member since', { tag: '@desktop' }, async () => {
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null'));
  await expect(page.locator('[data-testid=session-id]')).toHaveText(stored.sessionId);
  await expect(page.locator('[data-testid=user-id]')).not.toBeEmpty();
  await expect(page.locator('.profile-card')).toContainText(/Member since \d{2}\/[A-Z][a-z]{2}\/\d{4}/);
});

test('share my location stores coordinates (4 decimals)', { tag: '@desktop' }, async () => {
  await ctx.grantPermissions(['geolocation'], { origin: BASE });
  await ctx.setGeolocation({ latitude: 52.520008, longitude: 13.404954 });
  await page.getByRole('button', { name: /Share my location/ }).click();
  const coords = page.locator('[data-testid=coords]');
  await expect(coords).toContainText('52.5200');
  await expect(coords).toContainText('13.4050');
});

test('save account: magic link e-mail, confirm, Account Saved!', { tag: '@desktop' }, async () => {
  await page.getByText('Secure Account Access').waitFor();
  savedEmail = `e2e-${Date.now()}@example.com`;
  const card = page.locator('.save-card');
  await card.getByLabel('Email address').fill(savedEmail);
  await card.getByRole('button', { name: 'Send Magic Link' }).click();
  await expectToast(page, 'Magic Link Sent!', 'Check your email for a secure login link to save your account');
  const [raw] = await mailsTo(savedEmail);
  const link = new URL(linkFromEml(raw!));
  await page.goto(BASE + link.pathname + link.search);
  await page.getByRole('button', { name: 'Save my account' }).click(); // the landing page waits for a click
  await page.waitForURL((u) => u.pathname === '/' && u.searchParams.get('verified') === 'true', { timeout: 15_000 });
  await expectToast(page, 'Welcome back');
  await page.waitForURL((u) => u.pathname === '/' && !u.search, { timeout: 5_000 });
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  const saved = page.locator('[data-testid=account-saved]');
  await expect(saved).toContainText('Account Saved!');
  await expect(saved).toContainText('Saved to');
  await expect(saved).toContainText(savedEmail);
  await expect(page.locator('[data-testid=sidebar-username]'), 'another user after the link').toHaveText(username);
  await shot(page, 'profile-saved');
  await expectTracked(ctx, ['magic_link']);
});

test('a used magic link shows the Verification Error toast', { tag: '@desktop' }, async () => {
  const [raw] = await mailsTo(savedEmail);
  const link = new URL(linkFromEml(raw!));
  await page.goto(BASE + link.pathname + link.search);
  await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
  await expectToast(page, 'Verification Error');
  expect(await toastText(page)).toMatch(
    /Invalid or expired magic link|Magic link has expired|User verification failed|Account verification failed|Something went wrong/,
  );
});

test(
  'a long username is cut in the sidebar and the menu, with the full name as tooltip',
  { tag: '@desktop' },
  async ({ browser }) => {
    const c = await newContext(browser, 'desktop');
    const p = await newPage(c);
    await p.goto('/profile');
    const long = `Extraordinarily${Date.now() % 1e9}`.padEnd(32, 'x');
    await p.getByLabel('Username').fill(long);
    await p.locator('[data-testid=username-status][data-state=available]').waitFor();
    await p.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(p, 'Profile Updated');
    await expect(p.locator('[data-testid=sidebar-username]')).toHaveText(long);
    const block = await p.locator('.user-block').evaluate((b) => {
      const name = b.querySelector('.user-block__name')!;
      return { title: b.getAttribute('title'), cut: name.scrollWidth > name.clientWidth };
    });
    expect(block.cut, 'the long name is cut in the user block').toBe(true);
    expect(block.title, 'user block tooltip').toBe(long);
    await p.locator('.user-block').click();
    const inMenu = await p.locator('[data-testid=avatar-menu] .menu__name').evaluate((el) => ({
      title: el.getAttribute('title'),
      cut: el.scrollWidth > el.clientWidth,
    }));
    expect(inMenu.title, 'menu tooltip').toBe(long);
    await shot(p, 'menu-long-name');
    await p.keyboard.press('Escape');
    await c.close();
  },
);
