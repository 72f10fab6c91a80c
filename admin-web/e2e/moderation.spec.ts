import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { confirmDeleteText, TEXTS } from '../src/lib/texts';
import { TRUST_TEXTS } from '../src/lib/trust-texts';
import {
  apiToken,
  BASE,
  DESKTOP,
  expectNoSidewaysScroll,
  expectOneLine,
  MOBILE,
  newLoggedInContext,
  recordPosts,
  settled,
  SHOTS,
  SIZES,
  sidebar,
  toast,
} from './helpers';
import { adminApi, newVisitor, rename, report, tryUpload, upload, type Visitor } from './visitors';

/**
 * Issue 12, the operators' side: visitors report media through the API (three reporters hide
 * an item), then the Moderation page shows the queue and every decision is taken in the portal
 * and checked against the API: keep, delete (after the confirmation), ban with the uploader's
 * media, and the bulk actions with one server call each.
 */
test.describe.configure({ mode: 'serial' });

type Row = {
  id: number;
  originalName: string;
  uploaderName: string;
  status: string;
  hidden: boolean;
  reports: number;
};
let token: string;
let ctx: BrowserContext;
let page: Page;
let a: Visitor;
let b: Visitor;
const m: Record<string, number> = {};
let posts: ReturnType<typeof recordPosts>;
const postsTo = (route: string) => posts.to(route);
const queue = (status: 'open' | 'decided') =>
  adminApi<Row[]>(token, `/api/admin/moderation?filter=${encodeURIComponent(JSON.stringify({ status }))}`);
const items = (p: Page) => p.getByTestId('moderation-item');
const item = (p: Page, name: string) => items(p).filter({ has: p.getByRole('heading', { name, exact: true }) });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  token = await apiToken();
  [a, b] = [await newVisitor(), await newVisitor()];
  // the longest name a visitor may pick (32 characters): wider than a card's text column on a phone
  await rename(a, `Extraordinarily_long_username_${String(Date.now() % 100).padStart(2, '0')}`);
  const c = await newVisitor();
  const [r1, r2, r3] = [await newVisitor(), await newVisitor(), await newVisitor()];
  m.hidden = (await upload(a, 'mod-hidden.jpg', 1)).id;
  m.clip = (await upload(a, 'mod-clip.mp4', 2)).id;
  m.single = (await upload(a, 'mod-single.jpg', 3)).id;
  m.b1 = (await upload(b, 'mod-b-1.jpg', 4)).id;
  m.b2 = (await upload(b, 'mod-b-2.jpg', 5)).id;
  m.c1 = (await upload(c, 'mod-c-1.jpg', 6)).id;
  m.c2 = (await upload(c, 'mod-c-2.jpg', 7)).id;
  await report(r1, m.hidden, 'hate');
  await report(r2, m.hidden, 'hate');
  await report(r3, m.hidden, 'other', 'This is my photo, posted without asking me');
  await report(r1, m.clip, 'spam');
  await report(r2, m.clip, 'sexual');
  await report(r1, m.single, 'spam');
  await report(r1, m.b1, 'violence');
  await report(r2, m.b1, 'violence');
  await report(r1, m.c1, 'copyright');
  await report(r2, m.c2, 'minor');

  ctx = await newLoggedInContext(browser, token, DESKTOP);
  page = await ctx.newPage();
  posts = recordPosts(page);
});
test.afterAll(async () => {
  await ctx?.close();
});

test('the queue: most reports first, reasons with counts, notes, uploader; three reporters hid the item', async () => {
  await page.goto('/adm');
  await sidebar(page).getByRole('menuitem', { name: 'Moderation' }).click();
  await expect(page).toHaveURL(`${BASE}/adm/moderation`);
  await expect(items(page)).toHaveCount(6);
  await expect(page.getByRole('tab', { name: 'Open', selected: true })).toBeVisible();
  const counts = (
    await items(page)
      .getByText(/^\d+ reports?$/)
      .allInnerTexts()
  ).map((t) => parseInt(t, 10));
  expect(counts).toEqual([...counts].sort((x, y) => y - x));
  expect(counts[0]).toBe(3);

  const first = items(page).first();
  await expect(first.getByRole('heading')).toHaveText('mod-hidden.jpg');
  await expect(first.getByText(`by ${a.username}`)).toBeVisible();
  await expect(first.getByText('Hidden from the pick')).toBeVisible();
  await expect(first.getByRole('list', { name: 'Reasons' })).toHaveText(/Harassment or hate 2\s*Other 1/);
  await expect(first.getByRole('list', { name: 'Notes' })).toContainText('This is my photo, posted without asking me');
  // two reports do not hide (MODERATION_HIDE_AFTER is 3)
  await expect(item(page, 'mod-clip.mp4').getByText('Hidden from the pick')).toHaveCount(0);
  const open = await queue('open');
  expect(open.find((r) => r.id === m.hidden)).toMatchObject({ hidden: true, reports: 3, status: 'open' });
});

test('screenshots at 1280×800 and 390×844 with the queue, the preview, the ban dialog and the phone menu', async ({
  browser,
}) => {
  for (const [size, viewport] of SIZES) {
    const shotCtx = await newLoggedInContext(browser, token, viewport);
    const p = await shotCtx.newPage();
    await p.goto('/adm/moderation');
    await expect(items(p)).toHaveCount(6);
    await p.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(p, `moderation ${size}`);
    // issue 22: each card's uploader name stays on one line (never broken inside), and each
    // card's checkbox names its item and uploader
    for (const r of await queue('open')) {
      const card = item(p, r.originalName);
      await expect(card.getByTestId('username')).toHaveText(r.uploaderName);
      await expectOneLine(card.getByTestId('username'), `moderation ${size}: ${r.originalName}'s uploader`);
      await expect(card.getByRole('checkbox')).toHaveAccessibleName(
        `Select ${r.originalName} (media ${r.id}) by ${r.uploaderName}`,
      );
    }
    await settled(p);
    await p.screenshot({ path: path.join(SHOTS, `moderation-${size}.png`) });
    await p.screenshot({ path: path.join(SHOTS, `moderation-${size}-full.png`), fullPage: true });

    await item(p, 'mod-hidden.jpg').getByRole('button', { name: 'Preview mod-hidden.jpg' }).click();
    await expect(p.getByRole('dialog').locator('img')).toBeVisible();
    await settled(p);
    await p.screenshot({ path: path.join(SHOTS, `moderation-preview-${size}.png`) });
    await p.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();

    await item(p, 'mod-hidden.jpg')
      .getByRole('button', { name: `Ban uploader ${a.username}` })
      .click();
    await expect(p.getByRole('dialog', { name: 'Ban user' })).toBeVisible();
    await settled(p);
    await p.screenshot({ path: path.join(SHOTS, `moderation-ban-${size}.png`) });
    await p.getByRole('dialog', { name: 'Ban user' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(p.getByRole('dialog')).toHaveCount(0);

    if (size === 'mobile') {
      // the sidebar on a phone: a drawer that reaches every page, the new ones included
      await p.getByRole('button', { name: 'Open menu' }).click();
      const menu = p.locator('.MuiDrawer-paper');
      await expect(menu.getByRole('menuitem', { name: 'Audit log' })).toBeInViewport();
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeInViewport();
      await settled(p);
      await p.screenshot({ path: path.join(SHOTS, `menu-trust-${size}.png`) });
      await menu.getByRole('menuitem', { name: 'Audit log' }).click();
      await expect(p).toHaveURL(`${BASE}/adm/audit`);
      await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeHidden();
    }
    await shotCtx.close();
  }
  expect(posts.all).toHaveLength(0); // looking and cancelling decided nothing
});

test('the preview plays a reported video', async () => {
  await item(page, 'mod-clip.mp4').getByRole('button', { name: 'Preview mod-clip.mp4' }).click();
  const dialog = page.getByRole('dialog', { name: 'mod-clip.mp4' });
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await expect(dialog.getByRole('table', { name: 'Report details' })).toContainText('Spam 1');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(item(page, 'mod-clip.mp4').getByRole('button', { name: 'Preview mod-clip.mp4' })).toBeFocused();
});

test('Keep dismisses the reports and unhides the item; it moves to Decided as Kept', async () => {
  await item(page, 'mod-hidden.jpg').getByRole('button', { name: 'Keep mod-hidden.jpg' }).click();
  await expect(toast(page, 'Kept 1 media: reports dismissed')).toBeVisible();
  await expect(item(page, 'mod-hidden.jpg')).toHaveCount(0);
  expect(postsTo('moderation/keep').map((r) => r.postDataJSON())).toEqual([{ ids: [m.hidden] }]);
  const decided = await queue('decided');
  expect(decided.find((r) => r.id === m.hidden)).toMatchObject({ status: 'kept', hidden: false });

  await page.getByRole('tab', { name: 'Decided' }).click();
  await expect(item(page, 'mod-hidden.jpg').getByText('Kept', { exact: true })).toBeVisible();
  await expect(item(page, 'mod-hidden.jpg').getByRole('button', { name: /^Keep/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Open' }).click();
  await expect(items(page)).toHaveCount(5);
});

test('Delete asks with the Media page confirmation; Cancel changes nothing; Delete removes the media', async () => {
  const row = item(page, 'mod-single.jpg');
  await row.getByRole('button', { name: 'Delete mod-single.jpg' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete media' });
  await expect(dialog).toContainText(confirmDeleteText('mod-single.jpg'));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(postsTo('moderation/delete')).toHaveLength(0);

  await row.getByRole('button', { name: 'Delete mod-single.jpg' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, TEXTS.deleteMediaSuccess)).toBeVisible();
  await expect(row).toHaveCount(0);
  const media = await adminApi<unknown[]>(
    token,
    `/api/admin/media?filter=${encodeURIComponent(JSON.stringify({ q: 'mod-single' }))}`,
  );
  expect(media).toHaveLength(0);
  expect((await queue('decided')).find((r) => r.id === m.single)).toMatchObject({ status: 'deleted' });
});

test('Ban uploader, also deleting all their media: one call; the uploader can no longer upload', async () => {
  await item(page, 'mod-b-1.jpg')
    .getByRole('button', { name: `Ban uploader ${b.username}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ban user' });
  await expect(dialog).toContainText(TRUST_TEXTS.banEffect);
  const also = dialog.getByRole('checkbox', { name: TRUST_TEXTS.alsoDeleteMedia });
  await expect(also).not.toBeChecked();
  await also.check();
  await dialog.getByRole('button', { name: 'Ban and delete media' }).click();
  await expect(toast(page, 'Banned 1 user, 2 media deleted')).toBeVisible();
  await expect(item(page, 'mod-b-1.jpg')).toHaveCount(0);
  expect(postsTo('users/ban').map((r) => r.postDataJSON())).toEqual([{ ids: [b.id], deleteMedia: true }]);

  const refused = await tryUpload(b, 'mod-b-3.jpg', 8);
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe('banned');
  const users = await adminApi<{ id: number; banned: boolean }[]>(
    token,
    `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [b.id] }))}`,
  );
  expect(users[0]).toMatchObject({ id: b.id, banned: true });
});

test('bulk Delete and Keep: one server call each for the selection; then the empty queue', async ({ browser }) => {
  await item(page, 'mod-c-1.jpg').getByRole('checkbox').check();
  await item(page, 'mod-c-2.jpg').getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete selected media' });
  await dialog.getByRole('button', { name: 'Delete 2' }).click();
  await expect(toast(page, TEXTS.deleteMediaSuccess)).toBeVisible();
  await expect(items(page)).toHaveCount(1);
  const deletes = postsTo('moderation/delete').map((r) => r.postDataJSON() as { ids: number[] });
  expect(deletes.at(-1)!.ids.sort()).toEqual([m.c1, m.c2].sort());
  expect(deletes).toHaveLength(2); // the single delete before, and this one

  await page.getByRole('button', { name: 'Select page' }).click();
  await page.getByRole('button', { name: 'Keep selected' }).click();
  await expect(toast(page, 'Kept 1 media: reports dismissed')).toBeVisible();
  await expect(page.getByText(TRUST_TEXTS.noOpenReports)).toBeVisible();
  expect(postsTo('moderation/keep')).toHaveLength(2);
  expect(postsTo('moderation/keep').at(-1)!.postDataJSON()).toEqual({ ids: [m.clip] });

  await page.getByRole('tab', { name: 'Decided' }).click();
  await expect(items(page)).toHaveCount(6);
  for (const [name, status] of [
    ['mod-hidden.jpg', 'Kept'],
    ['mod-clip.mp4', 'Kept'],
    ['mod-single.jpg', 'Deleted'],
    ['mod-c-1.jpg', 'Deleted'],
  ]) {
    await expect(item(page, name).getByText(status, { exact: true })).toBeVisible();
  }
  // its uploader was banned with all their media deleted: the ban stays the decision, the file is gone
  await expect(item(page, 'mod-b-1.jpg').getByText('Uploader banned · media deleted', { exact: true })).toBeVisible();
  await expect(item(page, 'mod-b-1.jpg').getByText('Media deleted', { exact: true })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, 'moderation-decided-desktop.png') });

  // the same list on a phone: the longer status chip wraps, nothing scrolls sideways
  const phone = await newLoggedInContext(browser, token, MOBILE);
  const p = await phone.newPage();
  await p.goto('/adm/moderation');
  await p.getByRole('tab', { name: 'Decided' }).click();
  await expect(item(p, 'mod-b-1.jpg').getByText('Uploader banned · media deleted', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(p, 'moderation decided mobile');
  await settled(p);
  await p.screenshot({ path: path.join(SHOTS, 'moderation-decided-mobile.png') });
  await phone.close();
});
