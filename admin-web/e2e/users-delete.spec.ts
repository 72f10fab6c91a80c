import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { DELETE_ACCOUNT_TEXTS } from '../src/users/delete-account-texts';
import { apiToken, BASE, DESKTOP, newLoggedInContext, recordPosts, SHOTS, sidebar, toast } from './helpers';
import { adminApi, newVisitor, upload, type Visitor } from './visitors';

/**
 * Issue 27 on the Users page: "Delete account" asks first, then the user's browsers are guests at
 * once and the deletion job (on the Jobs list) removes the account; the row is gone afterwards.
 */
test.describe.configure({ mode: 'serial' });

let token: string;
let ctx: BrowserContext;
let page: Page;
let u: Visitor;
const row = (p: Page, v: Visitor) => p.getByRole('row').filter({ hasText: v.username });

test.beforeAll(async ({ browser }) => {
  token = await apiToken();
  u = await newVisitor();
  await upload(u, 'leaving.jpg', 21);
  ctx = await newLoggedInContext(browser, token, DESKTOP);
  page = await ctx.newPage();
});
test.afterAll(async () => {
  await ctx?.close();
});

test('Delete account asks first, then the account is deleted by its job and its cookie opens nothing', async () => {
  const posts = recordPosts(page);
  await page.goto('/adm');
  await sidebar(page).getByRole('menuitem', { name: 'Users' }).click();
  await page.getByLabel('Search username or e-mail').fill(u.username);
  await expect(page.getByRole('row')).toHaveCount(2);

  const button = row(page, u).getByRole('button', { name: `${DELETE_ACCOUNT_TEXTS.title}: ${u.username}` });
  await button.click();
  const dialog = page.getByRole('dialog', { name: DELETE_ACCOUNT_TEXTS.title });
  await expect(dialog).toContainText(DELETE_ACCOUNT_TEXTS.body(u.username));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(posts.to(`users/${u.id}/delete`)).toHaveLength(0);

  await button.click();
  await page.screenshot({ path: path.join(SHOTS, 'users-delete-account-1280x800.png') });
  await dialog.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.button, exact: true }).click();
  await expect(toast(page, DELETE_ACCOUNT_TEXTS.done)).toBeVisible();
  expect((await fetch(`${BASE}/api/session`, { headers: { Cookie: u.cookie } })).status).toBe(401);

  await expect
    .poll(
      async () =>
        (
          await adminApi<{ id: number }[]>(
            token,
            `/api/admin/users?filter=${encodeURIComponent(JSON.stringify({ id: [u.id] }))}`,
          )
        ).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(0);
  const jobs = await adminApi<{ name: string; state: string }[]>(token, '/api/admin/jobs');
  expect(jobs.find((j) => j.name === 'delete-account')).toMatchObject({ state: 'completed' });
  await page.reload();
  await page.getByLabel('Search username or e-mail').fill(u.username);
  await expect(row(page, u)).toHaveCount(0);
});
