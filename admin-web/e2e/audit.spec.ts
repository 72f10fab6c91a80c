import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TRUST_TEXTS } from '../src/lib/trust-texts';
import {
  apiToken,
  BASE,
  DESKTOP,
  expectNoSidewaysScroll,
  newLoggedInContext,
  settled,
  SHOTS,
  SIZES,
  sidebar,
} from './helpers';
import { adminApi, newVisitor, upload, type Visitor } from './visitors';

/**
 * Issue 12's Audit log: operator actions taken through the API show up with time, admin,
 * action, target, outcome and client address; the filters narrow the list and the export
 * downloads the same rows as CSV with the admin token.
 */
test.describe.configure({ mode: 'serial' });

let token: string;
let ctx: BrowserContext;
let page: Page;
let v: Visitor;
const rows = (p: Page) => p.getByRole('row');
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const listTotal = async (filter: object) => {
  const res = await fetch(`${BASE}/api/admin/audit?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,0]`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return Number(/\/(\d+)$/.exec(res.headers.get('Content-Range') ?? '')?.[1]);
};

test.beforeAll(async ({ browser }) => {
  token = await apiToken();
  v = await newVisitor();
  const photo = await upload(v, 'audit-photo.jpg', 21);
  const post = (url: string, body: unknown) => adminApi(token, url, { method: 'POST', body: JSON.stringify(body) });
  await post('/api/admin/users/ban', { ids: [v.id] });
  await post('/api/admin/users/unban', { ids: [v.id] });
  await post('/api/admin/media/delete', { ids: [photo.id] });
  // refused (ids must be positive): recorded as a failed action
  const bad = await fetch(`${BASE}/api/admin/users/ban`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ids: [0] }),
  });
  expect(bad.status).toBe(400);
  ctx = await newLoggedInContext(browser, token, DESKTOP);
  page = await ctx.newPage();
});
test.afterAll(async () => {
  await ctx?.close();
});

test('every column, newest first; the actions just taken are there with the client address', async () => {
  await page.goto('/adm');
  await sidebar(page).getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(`${BASE}/adm/audit`);
  for (const col of ['Time', 'Admin', 'Action', 'Target', 'Outcome', 'Client address', 'Detail']) {
    await expect(page.getByRole('columnheader', { name: col })).toBeVisible();
  }
  const ban = rows(page)
    .filter({ hasText: 'user.ban' })
    .filter({ hasText: `user ${v.id}` });
  await expect(ban).toHaveCount(1);
  await expect(ban.getByText('User banned')).toBeVisible();
  await expect(ban.getByText('OK', { exact: true })).toBeVisible();
  await expect(ban.getByRole('cell').nth(5)).toHaveText(/127\.0\.0\.1|::1/);
  await expect(ban.getByRole('cell').nth(1)).toHaveText('admin');
  await expect(
    rows(page)
      .filter({ hasText: 'user.unban' })
      .filter({ hasText: `user ${v.id}` }),
  ).toHaveCount(1);
  await expect(rows(page).filter({ hasText: 'user 0' }).getByText('Failed', { exact: true })).toBeVisible();

  const times = await page.locator('tbody time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
  expect(times.length).toBeGreaterThan(3);
  expect(times).toEqual([...times].sort().reverse());
});

test('screenshots at 1280×800 and 390×844', async ({ browser }) => {
  for (const [size, viewport] of SIZES) {
    const shotCtx = await newLoggedInContext(browser, token, viewport);
    const p = await shotCtx.newPage();
    await p.goto('/adm/audit');
    await expect(p.getByText(`user ${v.id}`).first()).toBeVisible();
    await p.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(p, `audit ${size}`);
    await settled(p);
    await p.screenshot({ path: path.join(SHOTS, `audit-${size}.png`) });
    await p.screenshot({ path: path.join(SHOTS, `audit-${size}-full.png`), fullPage: true });
    await shotCtx.close();
  }
});

test('filters: action, text, and a day range', async () => {
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'User banned' }).click();
  await expect(page).toHaveURL(/user\.ban/);
  await expect(rows(page).filter({ hasText: 'user.unban' })).toHaveCount(0);
  const n = (await listTotal({ action: 'user.ban' })) + 1; // and the header
  await expect(rows(page)).toHaveCount(n);
  for (let i = 1; i < n; i++) await expect(rows(page).nth(i)).toContainText('user.ban');

  await page.getByLabel('Search target or admin').fill(`user ${v.id}`);
  await expect(rows(page)).toHaveCount(2); // the header and this visitor's ban
  await page.getByLabel('Search target or admin').fill('');

  const today = new Date();
  const yesterday = new Date(today.getTime() - 86_400_000);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(localDay(today));
  await expect(rows(page).filter({ hasText: `user ${v.id}` })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'From', exact: true }).blur(); // react-admin applies a cleared date on blur
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(localDay(yesterday));
  await expect(page.getByText(TRUST_TEXTS.noAudit)).toBeVisible();
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('');
  await page.getByRole('textbox', { name: 'To', exact: true }).blur(); // react-admin applies a cleared date on blur
  await expect(rows(page).filter({ hasText: `user ${v.id}` })).toHaveCount(1);
});

test('Export CSV downloads audit_log_{date}.csv with the filtered rows', async () => {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit_log_\d{4}-\d{2}-\d{2}\.csv$/);
  const file = path.join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  const lines = readFileSync(file, 'utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,at,admin,action,target,outcome,detail,clientAddress');
  expect(lines.length - 1).toBe(await listTotal({ action: 'user.ban' }));
  expect(lines.slice(1).every((l) => l.split(',')[3] === 'user.ban')).toBe(true);
  expect(lines.some((l) => l.includes(`user ${v.id}`))).toBe(true);
});

test('sorting by time, oldest first', async () => {
  const times = () => page.locator('tbody time').evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
  const before = await times();
  expect(before.length).toBeGreaterThan(1);
  await page.getByRole('columnheader', { name: 'Time' }).getByRole('button').click();
  await expect(page).toHaveURL(/order=ASC/);
  await expect.poll(times).toEqual([...before].sort());
});
