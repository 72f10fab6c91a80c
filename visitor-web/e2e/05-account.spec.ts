import type { Browser, BrowserContext, Page } from '@playwright/test';
import {
  BASE,
  assert,
  auditPage,
  expect,
  expectToast,
  focusIn,
  linkFromEml,
  loadedMediaId,
  mailsTo,
  mediaId,
  newContext,
  newPage,
  seed,
  shot,
  test,
  watchVotes,
} from './fixtures';

/**
 * The avatar menu and the account dialogs: a menu button with arrows, Home, End and Escape; the
 * Save Account and Login dialogs own the keyboard (typed letters never vote); Welcome Back after
 * logout, in every tab; and the saved account coming back through its login link. Seeds its own
 * photos to rate; the saved account is the setup project's.
 */
test.describe.configure({ mode: 'serial' });

const TYPED = 'hot.news.skip@example.com'; // h, n and s would vote or skip if they leaked
const MENU = ['Edit Profile', 'Save Account', 'Login as Different User', 'Logout'];
const DIALOGS = [
  ['Save Account', 'Save Your Account'],
  ['Login as Different User', 'Login as Different User'],
] as const;
const activeText = (p: Page) => p.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

type Rater = { ctx: BrowserContext; p: Page; votes: string[]; id: string | null };
let photos: ReturnType<typeof seed.uploader> | undefined;
/** A fresh visitor with a photo on screen (this spec's uploader's), whose votes are watched. */
async function rater(browser: Browser, size: 'desktop' | 'phone'): Promise<Rater> {
  await (photos ??= seed.uploader());
  const ctx = await newContext(browser, size);
  const p = await newPage(ctx);
  const votes = watchVotes(p);
  await p.goto('/');
  const id = await loadedMediaId(p);
  return { ctx, p, votes, id };
}
/** Opens `item` from the avatar menu with the mouse (a tap on a phone) or the keyboard. */
async function openFromMenu(p: Page, trigger: string, item: string, how: 'mouse' | 'keyboard') {
  if (how === 'mouse') {
    await p.locator(trigger).click();
    await p.getByRole('menu').getByRole('menuitem', { name: item }).click();
    return;
  }
  await p.locator(trigger).focus();
  await p.keyboard.press('Enter');
  await p.getByRole('menu').waitFor();
  for (let i = 0; i < 4 && (await activeText(p)) !== item; i++) await p.keyboard.press('ArrowDown');
  expect(await activeText(p), `arrows never reached ${item}`).toBe(item);
  await p.keyboard.press('Enter');
}
/** Focus is in the dialog's e-mail field, stays in the dialog, typing fills the field, nothing is voted. */
async function expectDialogOwnsKeys(r: Rater, title: string, trigger: string) {
  const { p } = r;
  const dialog = p.getByRole('dialog', { name: title });
  await dialog.waitFor();
  // the menu's closing must not pull focus back behind the dialog
  await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const f = await focusIn(p, '[role=dialog]');
  assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}" instead of the e-mail field`);
  await p.keyboard.type(TYPED);
  await expect(dialog.getByLabel('Email address')).toHaveValue(TYPED);
  for (let i = 0; i < 6; i++) {
    await p.keyboard.press('Tab');
    const g = await focusIn(p, '[role=dialog]');
    assert(g.inside, `Tab ${i + 1} left the dialog for ${g.tag} "${g.label}"`);
  }
  await p.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  // Radix hands focus back a tick after the dialog is gone
  await expect(p.locator(trigger), 'focus back on the avatar button').toBeFocused({ timeout: 2_000 });
  expect(r.votes, 'keys typed into the dialog voted').toEqual([]);
  expect(await mediaId(p), 'the photo behind the dialog changed').toBe(r.id);
}

let desk: Rater;
let phone: Rater;
test.afterAll(async () => {
  await desk?.ctx.close();
  await phone?.ctx.close();
});

test(
  'avatar menu is a menu button: role=menu and menuitems, arrows, Home, End, Escape returns focus',
  { tag: '@desktop' },
  async ({ browser }) => {
    desk = await rater(browser, 'desktop');
    const { p } = desk;
    const btn = p.locator('.user-block');
    await expect(btn, 'the button announces a menu').toHaveAttribute('aria-haspopup', 'menu');
    await expect(btn).toHaveAttribute('aria-expanded', 'false');
    await btn.focus();
    await p.keyboard.press('Enter');
    const menu = p.getByRole('menu');
    await menu.waitFor();
    await expect(btn).toHaveAttribute('aria-expanded', 'true');
    expect(await btn.getAttribute('aria-controls'), 'aria-controls').toBe(await menu.getAttribute('id'));
    expect((await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim())).toEqual(MENU);
    const path = [await activeText(p)];
    for (const key of ['ArrowDown', 'End', 'ArrowDown', 'ArrowUp', 'Home', 'l']) {
      await p.keyboard.press(key);
      path.push(await activeText(p));
    }
    expect(path, 'focus moved through').toEqual([
      'Edit Profile',
      'Save Account',
      'Logout',
      'Edit Profile',
      'Logout',
      'Edit Profile',
      'Login as Different User',
    ]);
    await shot(p, 'menu-keyboard');
    const letters = [
      await p.locator('.user-block .avatar').innerText(),
      await p.locator('[data-testid=avatar-menu] .avatar').innerText(),
    ];
    expect(letters[1], 'the menu shows the user block letters').toBe(letters[0]);
    await p.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect(btn, 'Escape returns focus to the button').toBeFocused();
    expect(desk.votes, 'menu keys voted').toEqual([]);
  },
);

for (const [item, title] of DIALOGS) {
  for (const how of ['mouse', 'keyboard'] as const) {
    test(
      `${title} opened from the avatar menu by ${how}: focus in the e-mail field and kept in the dialog, no vote`,
      { tag: '@desktop' },
      async () => {
        await openFromMenu(desk.p, '.user-block', item, how);
        await expectDialogOwnsKeys(desk, title, '.user-block');
      },
    );
  }
}

for (const [item, title] of DIALOGS) {
  test(
    `phone: ${title} opened by a tap on the header avatar keeps the keys, no vote`,
    { tag: '@phone' },
    async ({ browser }) => {
      phone ??= await rater(browser, 'phone');
      await openFromMenu(phone.p, '.avatar--button', item, 'mouse');
      await expectDialogOwnsKeys(phone, title, '.avatar--button');
    },
  );
}

test('phone: the menu avatar shows the same letters as the header avatar', { tag: '@phone' }, async ({ browser }) => {
  phone ??= await rater(browser, 'phone');
  const header = await phone.p.locator('[data-testid=mobile-avatar]').innerText();
  await phone.p.locator('.avatar--button').click();
  const inMenu = await phone.p.locator('[data-testid=avatar-menu] .avatar').innerText();
  await phone.p.keyboard.press('Escape');
  expect(header, 'two letters').toMatch(/^[A-Z]{2}$/);
  expect(inMenu).toBe(header);
});

// ---------------------------------------------------------------- a saved account
let ctx: BrowserContext;
let page: Page;
/** The saved account's username and address. */
let saved: Awaited<ReturnType<typeof seed.savedAccount>>;
/** The saved account of the setup project (its magic link confirmed from the outbox). */
async function visitor(browser: Browser) {
  if (!ctx) {
    saved = await seed.savedAccount();
    ctx = await newContext(browser, 'desktop', { storageState: saved.storageState });
    page = await newPage(ctx);
  }
  return page;
}
test.afterAll(async () => {
  await ctx?.close();
});

test(
  'avatar menu: Edit Profile, Save Account, Login as Different User, Logout',
  { tag: '@desktop' },
  async ({ browser }) => {
    const page = await visitor(browser);
    await page.goto('/');
    await page.locator('.user-block').click();
    const menu = page.locator('[data-testid=avatar-menu]');
    await menu.waitFor();
    expect((await menu.getByRole('menuitem').allInnerTexts()).map((s) => s.trim())).toEqual(MENU);
    await shot(page, 'menu');
    await auditPage(page, 'avatar menu');
    await menu.getByRole('menuitem', { name: 'Save Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Your Account' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await expectToast(page, 'Email Required', 'Please enter your email address to save your account.');
    await shot(page, 'dialog-save-account');
    // Escape first dismisses the toast (the top layer), then the dialog.
    for (let i = 0; i < 3 && (await dialog.isVisible()); i++) {
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', timeout: 1_000 }).catch(() => {});
    }
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.user-block').click();
    await page.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Login as Different User' }).click();
    const login = page.getByRole('dialog', { name: 'Login as Different User' });
    await login.waitFor();
    const send = login.getByRole('button', { name: 'Send Login Link' });
    await expect(send, 'Send Login Link with an empty field').toBeDisabled();
    await login.getByLabel('Email address').fill(saved.email);
    await expect(send, 'Send Login Link with an e-mail').toBeEnabled();
    await shot(page, 'dialog-login');
    await send.click();
    await expectToast(
      page,
      'Login Link Sent!',
      'Check your email for a secure login link to access your existing account',
    );
  },
);

test('mobile: Welcome Back after logout, empty stats for a new visitor', { tag: '@phone' }, async ({ browser }) => {
  const c = await newContext(browser, 'phone');
  const p = await newPage(c);
  await p.goto('/stats');
  await p.getByRole('heading', { name: "You haven't uploaded any media yet" }).waitFor();
  await shot(p, 'stats-empty');
  await p.locator('[data-testid=mobile-avatar]').click();
  await p.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Logout' }).click();
  const welcome = p.getByRole('dialog', { name: 'Welcome Back' });
  await welcome.waitFor({ timeout: 15_000 });
  await expect(p.locator('[data-testid=mobile-avatar]'), 'avatar fallback').toHaveText('HV');
  await shot(p, 'welcome-back');
  const f = await focusIn(p, '[role=dialog]');
  assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}", not in the Welcome Back e-mail field`);
  await p.keyboard.type('nobody-here@example.com');
  await p.keyboard.press('Enter');
  await expectToast(p, 'Login Link Sent!');
  const notice = welcome.locator('.notice');
  await notice.waitFor();
  const text = (await notice.innerText()).replace(/\s+/g, ' ').trim();
  expect(text.startsWith('Login link sent to nobody-here@example.com.'), `notice "${text}"`).toBe(true);
  // one block of text beside the icon, not three columns
  const widths = await notice.evaluate((n) => ({
    notice: n.clientWidth,
    blocks: [...n.children].filter((c) => c.tagName !== 'svg').map((c) => c.getBoundingClientRect().width),
  }));
  assert(
    widths.blocks.length === 1 && widths.blocks[0]! > widths.notice * 0.7,
    `notice laid out as ${JSON.stringify(widths)}`,
  );
  await shot(p, 'welcome-back-sent');
  await c.close();
});

test('logout → Welcome Back (also in another tab) → login as a new user', { tag: '@desktop' }, async ({ browser }) => {
  const page = await visitor(browser);
  const { username } = saved;
  const second = await newPage(ctx);
  await second.goto('/stats');
  await second.locator('[data-testid=total-uploads]').waitFor();
  await page.goto('/');
  await page.locator('.user-block').click();
  await page.locator('[data-testid=avatar-menu]').getByRole('menuitem', { name: 'Logout' }).click();
  const welcome = page.getByRole('dialog', { name: 'Welcome Back' });
  await welcome.waitFor({ timeout: 15_000 });
  expect(await page.evaluate(() => localStorage.getItem('hmv.session')), 'session record kept after logout').toBeNull();
  await second.getByRole('dialog', { name: 'Welcome Back' }).waitFor({ timeout: 15_000 });
  await second.close();
  await page.keyboard.press('Escape');
  await expect(welcome, 'Welcome Back closed on Escape').toBeVisible();
  await shot(page, 'welcome-back');
  await auditPage(page, 'Welcome Back');
  const f = await focusIn(page, '[role=dialog]');
  assert(f.inside && f.tag === 'INPUT', `focus on ${f.tag} "${f.label}", not in the Welcome Back e-mail field`);
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press('Tab');
    const g = await focusIn(page, '[role=dialog]');
    assert(g.inside, `Tab ${i + 1} left Welcome Back for ${g.tag} "${g.label}"`);
  }
  const email = welcome.getByLabel('Email address');
  await email.fill(saved.email);
  await email.press('Enter');
  await expectToast(page, 'Login Link Sent!');
  await welcome.getByRole('button', { name: 'Login as a New User' }).click();
  await page.waitForFunction(
    (old) => {
      const t = document.querySelector('[data-testid=sidebar-username]')?.textContent ?? '';
      return t && t !== 'Loading...' && t !== old;
    },
    username,
    { timeout: 15_000 },
  );
  await expect(page.getByRole('dialog', { name: 'Welcome Back' }), 'Welcome Back still open').toBeHidden();
  expect(await page.locator('[data-testid=sidebar-username]').innerText(), 'new username').toMatch(
    /^(?:[A-Z][a-z]+){3}\d*$/,
  );
});

test('the saved account comes back through its login link', { tag: '@desktop' }, async ({ browser }) => {
  const page = await visitor(browser);
  // the save link, then the login links of the avatar menu and of Welcome Back
  const mails = await mailsTo(saved.email, 3);
  const link = new URL(linkFromEml(mails.at(-1)!));
  await page.goto(BASE + link.pathname + link.search);
  await page.getByRole('button', { name: `Sign in as ${saved.username}` }).click();
  await expect(page.locator('[data-testid=sidebar-username]')).toHaveText(saved.username, { timeout: 15_000 });
});
