import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { TRUST_TEXTS } from '../src/lib/trust-texts';
import {
  apiToken,
  BASE,
  DESKTOP,
  expectNoSidewaysScroll,
  newLoggedInContext,
  recordPosts,
  settled,
  SHOTS,
  SIZES,
  sidebar,
  toast,
} from './helpers';
import { adminApi, newVisitor, tryUpload, upload, type Visitor } from './visitors';

/**
 * Issue 12 on the Users page: the Banned column and filter, Ban / Unban per row and for a
 * selection (one server call each), each confirmed, and what a ban does to the visitor's API.
 */
test.describe.configure({ mode: 'serial' });

let token: string;
let ctx: BrowserContext;
let page: Page;
let u1: Visitor;
let u2: Visitor;
let photo: number;
let posts: ReturnType<typeof recordPosts>;
const postsTo = (route: string) => posts.to(route);
const row = (p: Page, v: Visitor) => p.getByRole('row').filter({ hasText: v.username });
const bannedIds = async () =>
  (
    await adminApi<{ id: number }[]>(
      token,
      `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ banned: true }))}&range=[0,999]`,
    )
  ).map((u) => u.id);

test.beforeAll(async ({ browser }) => {
  token = await apiToken();
  [u1, u2] = [await newVisitor(), await newVisitor()];
  photo = (await upload(u1, 'ban-u1.jpg', 11)).id;
  ctx = await newLoggedInContext(browser, token, DESKTOP);
  page = await ctx.newPage();
  posts = recordPosts(page);
});
test.afterAll(async () => {
  await ctx?.close();
});

test('Ban from the row asks first, marks the user Banned, and the visitor API refuses their upload', async () => {
  await page.goto('/adm');
  await sidebar(page).getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('columnheader', { name: 'Banned' })).toBeVisible();
  await page.getByLabel('Search username or e-mail').fill(u1.username);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, u1).getByText('Banned', { exact: true })).toHaveCount(0);

  await row(page, u1)
    .getByRole('button', { name: `Ban ${u1.username}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ban user' });
  await expect(dialog).toContainText(`Ban "${u1.username}"? ${TRUST_TEXTS.banEffect}`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(postsTo('users/ban')).toHaveLength(0);

  await row(page, u1)
    .getByRole('button', { name: `Ban ${u1.username}` })
    .click();
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(toast(page, 'Banned 1 user')).toBeVisible();
  await expect(row(page, u1).getByText('Banned', { exact: true })).toBeVisible();
  await expect(row(page, u1).getByRole('button', { name: `Unban ${u1.username}` })).toBeVisible();
  expect(postsTo('users/ban').map((r) => r.postDataJSON())).toEqual([{ ids: [u1.id], deleteMedia: false }]);

  const refused = await tryUpload(u1, 'ban-u1-again.jpg', 12);
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: string }).error).toBe('banned');
  // "also delete their media" was not ticked: the photo is still there
  const media = await adminApi<{ id: number }[]>(
    token,
    `/api/admin/media?filter=${encodeURIComponent(JSON.stringify({ q: 'ban-u1.jpg' }))}`,
  );
  expect(media.map((m) => m.id)).toContain(photo);
});

test('the Banned filter lists banned users only', async () => {
  await page.getByLabel('Search username or e-mail').fill('');
  await page.getByLabel('Banned', { exact: true }).click();
  await page.getByRole('option', { name: 'Banned only' }).click();
  await expect(row(page, u1)).toBeVisible();
  await expect(row(page, u2)).toHaveCount(0);
  const rows = page.getByRole('row');
  const count = (await bannedIds()).length + 1; // and the header
  await expect(rows).toHaveCount(count);
  for (let i = 1; i < count; i++) await expect(rows.nth(i).getByText('Banned', { exact: true })).toBeVisible();
});

test('Unban from the row asks first; the visitor can upload again', async () => {
  await row(page, u1)
    .getByRole('button', { name: `Unban ${u1.username}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Unban user' });
  await expect(dialog).toContainText(TRUST_TEXTS.unbanEffect);
  await dialog.getByRole('button', { name: 'Unban' }).click();
  await expect(toast(page, 'Unbanned 1 user')).toBeVisible();
  await expect(row(page, u1)).toHaveCount(0); // no longer matches "Banned only"
  expect(postsTo('users/unban').map((r) => r.postDataJSON())).toEqual([{ ids: [u1.id] }]);
  expect((await tryUpload(u1, 'ban-u1-after.jpg', 13)).status).toBe(201);
});

test('a selection is banned and unbanned with one server call each; screenshots with banned users', async ({
  browser,
}) => {
  await page.getByLabel('Banned', { exact: true }).click();
  await page.getByRole('option', { name: 'All users' }).click();
  // newest first: the two visitors of this spec lead the list
  await row(page, u1).getByRole('checkbox').check();
  await row(page, u2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Ban selected', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Ban 2 users' });
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(toast(page, 'Banned 2 users')).toBeVisible();
  expect(postsTo('users/ban')).toHaveLength(2);
  const ban = postsTo('users/ban').at(-1)!.postDataJSON() as { ids: number[]; deleteMedia: boolean };
  expect(ban.ids.sort()).toEqual([u1.id, u2.id].sort());
  expect(ban.deleteMedia).toBe(false);
  await expect(row(page, u1).getByText('Banned', { exact: true })).toBeVisible();
  await expect(row(page, u2).getByText('Banned', { exact: true })).toBeVisible();
  expect(await bannedIds()).toEqual(expect.arrayContaining([u1.id, u2.id]));

  for (const [size, viewport] of SIZES) {
    const shotCtx = await newLoggedInContext(browser, token, viewport);
    const p = await shotCtx.newPage();
    await p.goto('/adm/users');
    await expect(p.getByText(u2.username)).toBeVisible();
    await expect(p.getByText('Banned', { exact: true }).first()).toBeVisible();
    await p.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(p, `users ${size}`);
    await settled(p);
    await p.screenshot({ path: path.join(SHOTS, `users-bans-${size}.png`) });
    if (size === 'mobile') {
      // a phone has no table: each user's Unban is in their block
      await p.getByRole('button', { name: `Unban ${u2.username}` }).click();
      await expect(p.getByRole('dialog', { name: 'Unban user' })).toBeVisible();
      await settled(p);
      await p.screenshot({ path: path.join(SHOTS, `users-unban-${size}.png`) });
      await p.getByRole('button', { name: 'Cancel' }).click();
    }
    await shotCtx.close();
  }

  await row(page, u1).getByRole('checkbox').check();
  await row(page, u2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Unban selected' }).click();
  await page.getByRole('dialog', { name: 'Unban 2 users' }).getByRole('button', { name: 'Unban' }).click();
  await expect(toast(page, 'Unbanned 2 users')).toBeVisible();
  expect(postsTo('users/unban')).toHaveLength(2);
  expect((postsTo('users/unban').at(-1)!.postDataJSON() as { ids: number[] }).ids.sort()).toEqual(
    [u1.id, u2.id].sort(),
  );
  await expect(row(page, u1).getByText('Banned', { exact: true })).toHaveCount(0);
  expect(await bannedIds()).not.toContain(u1.id);
  expect(BASE).toBeTruthy();
});
