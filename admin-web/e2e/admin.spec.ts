import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { confirmDeleteText, TEXTS } from '../src/lib/texts';
import {
  ADMIN_PASS,
  ADMIN_USER,
  apiToken,
  BASE,
  DESKTOP,
  expectNoSidewaysScroll,
  expectOneLine,
  MOBILE,
  newLoggedInContext as loggedInContext,
  settled,
  sidebar,
  SIZES,
  toast,
} from './helpers';

/**
 * The operator's walk through the portal, in order, on one seeded embedded-mode backend (see
 * run.mjs): login and its failures, every page, each job run to completion, the xlsx read back,
 * the 401 / 500 behaviour, then screenshots at both sizes in both themes, and the reset last.
 */
test.describe.configure({ mode: 'serial' });

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', '..', 'backend', 'package.json'));
const ExcelJS = require('exceljs');
const USER = ADMIN_USER;
const PASS = ADMIN_PASS;
const SHOTS = path.join(here, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const LOGIN_URL = new RegExp(`^${BASE}/adm/?$`);

let context: BrowserContext;
let page: Page;
const requested: string[] = [];

const basic = `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`;
async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(BASE + url, { ...init, headers: { Authorization: basic, ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
type Stats = { totalUsers: number; totalMedia: number; totalVotes: number; totalViews: number; seededUsers: number };

async function login(p: Page) {
  await p.getByLabel('Username').fill(USER);
  await p.getByLabel('Password').fill(PASS);
  await p.getByLabel('Password').press('Enter');
  await expect(p.locator('.RaAppBar-toolbar')).toBeVisible();
}

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ baseURL: BASE, viewport: DESKTOP, acceptDownloads: true });
  page = await context.newPage();
  page.on('request', (r) => requested.push(r.url()));
});
test.afterAll(async () => {
  await context?.close();
});

test('without a token every admin path shows the login form at /adm, once (no redirect loop)', async () => {
  await page.addInitScript(() => {
    const w = window as unknown as { __navs: number };
    w.__navs = 0;
    for (const m of ['pushState', 'replaceState'] as const) {
      const original = history[m].bind(history);
      history[m] = (...args: Parameters<History['pushState']>) => {
        w.__navs++;
        return original(...args);
      };
    }
  });
  await page.goto('/adm/media');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
  await expect(page.getByText(TEXTS.missingToken)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __navs: number }).__navs)).toBeLessThanOrEqual(2);

  await page.goto('/adm');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { __navs: number }).__navs)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: path.join(SHOTS, 'login-desktop-light.png') });
});

test('login failures: empty fields, wrong password (Invalid credentials), network error (Login failed)', async () => {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(
    page.getByRole('main').getByRole('alert').getByText('Enter the admin username and password.'),
  ).toBeVisible();

  await page.getByLabel('Username').fill(USER);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByLabel('Password').press('Enter');
  await expect(page.getByRole('main').getByRole('alert').getByText(TEXTS.loginInvalid)).toBeVisible();
  await expect(toast(page, TEXTS.loginInvalid)).toBeVisible();

  await page.route('**/api/admin/login', (r) => r.abort('connectionrefused'));
  await page.getByLabel('Password').fill(PASS);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('main').getByRole('alert').getByText(TEXTS.loginFailed)).toBeVisible();
  await page.unroute('**/api/admin/login');
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('login keeps a token (not the password) as adminToken and returns to the page asked for', async () => {
  await page.goto('/adm/users');
  await expect(page).toHaveURL(LOGIN_URL);
  await login(page);
  await expect(toast(page, TEXTS.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/adm/users`);
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored.adminToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  const everything = JSON.stringify(stored);
  expect(everything).not.toContain(PASS);
  expect(everything).not.toContain(Buffer.from(`${USER}:${PASS}`).toString('base64'));
});

test('/adm/db-test lands on /adm/dbtest; deep links survive a reload', async () => {
  await page.goto('/adm/db-test');
  await expect(page).toHaveURL(`${BASE}/adm/dbtest`);
  await expect(page.getByRole('heading', { name: 'Database tests' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Database tests' })).toBeVisible();
  // the sidebar's links are real /adm paths
  await expect(sidebar(page).getByRole('menuitem', { name: 'Bucket Manager' })).toHaveAttribute('href', '/adm/bucket');
});

test('DB Admin: the four tests pass with durations; Import Media from Bucket runs to completion as a job', async () => {
  for (const name of ['connection', 'schema', 'counts', 'queries']) {
    const row = page.getByTestId(`db-test-${name}`);
    await expect(row.getByText('success', { exact: true })).toBeVisible();
    await expect(row.getByText(/^\d+ ms$/)).toBeVisible();
  }
  const before = await api<Stats>('/api/admin/stats');
  await page.getByRole('button', { name: 'Import Media from Bucket' }).click();
  const card = page.getByRole('region', { name: 'Import Media from Bucket' });
  await expect(card.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(card.getByText('Completed', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(toast(page, /^Imported \d+ of \d+ files/)).toBeVisible();
  const result = card.getByRole('definition');
  const [total, imported, , errors] = (await result.allInnerTexts()).map((t) => Number(t.replace(/,/g, '')));
  expect(total).toBe(Number(process.env.E2E_BUCKET_OBJECTS) + 8); // the visitors' 8 uploads are in the bucket too
  expect(imported).toBeGreaterThanOrEqual(240);
  expect(errors).toBe(1); // archive/corrupt.jpg
  const after = await api<Stats>('/api/admin/stats');
  expect(after.totalMedia).toBe(before.totalMedia + imported);
  // the checks re-run a second later: the Media card shows the new total
  await expect(
    page.getByRole('link', { name: /^Media/ }).getByText(after.totalMedia.toLocaleString('en')),
  ).toBeVisible();
  await expect(
    page.getByTestId('db-test-counts').getByText(`Media: ${after.totalMedia.toLocaleString('en')}`),
  ).toBeVisible();

  // the jobs indicator lists it; Escape closes the list and gives focus back (the app bar hides
  // while the page is scrolled down, as react-admin's does: scrolled back up, as an operator would)
  await page.evaluate(() => window.scrollTo(0, 0));
  const jobs = page.getByRole('button', { name: /^Jobs/ });
  await jobs.click();
  const list = page.getByRole('dialog', { name: 'Jobs' });
  await expect(list.getByRole('link', { name: 'Import Media from Bucket' })).toBeVisible();
  await expect(list.getByText('Completed').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(jobs).toBeFocused();

  // the job's bar survives leaving the page and a reload
  await sidebar(page).getByRole('menuitem', { name: 'Media' }).click();
  await expect(page.getByTestId('media-card').first()).toBeVisible();
  await page.goBack();
  await expect(card.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await page.reload();
  await expect(card.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  await expect(card.getByText('Completed', { exact: true })).toBeVisible();
});

test('Populate Votes: Start runs the population to completion with live progress and fills the results', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Populate Votes' }).click();
  await expect(page.getByText('10-50 votes')).toBeVisible();
  const media = await api<Stats>('/api/admin/stats');
  await page.getByRole('button', { name: 'Start' }).click();
  // it asks first, saying what it will add
  const confirm = page.getByRole('dialog', { name: 'Start vote population?' });
  await expect(confirm).toContainText(`every one of the ${media.totalMedia.toLocaleString('en')} media`);
  await expect(confirm).toContainText(
    `between ${(media.totalMedia * 10).toLocaleString('en')} and ${(media.totalMedia * 50).toLocaleString('en')} votes`,
  );
  await settled(page);
  await page.screenshot({ path: path.join(SHOTS, 'populate-confirm-desktop.png') });
  await confirm.getByRole('button', { name: 'Start population' }).click();
  await expect(page.getByText('Complete', { exact: true })).toBeVisible({ timeout: 170_000 });
  const results = page.getByRole('definition');
  await expect(results.nth(0)).toHaveText(
    `${media.totalMedia.toLocaleString('en')} of ${media.totalMedia.toLocaleString('en')}`,
  );
  expect(Number((await results.nth(1).innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(media.totalMedia * 10);
  await expect(results.nth(4)).toHaveText(/^\d+-\d+$/);

  await page.getByRole('button', { name: 'Fix User Sequence' }).click();
  await expect(page.getByText(/^Next user ID: \d+$/)).toBeVisible();
  // a second start while its users exist needs a second agreement
  await page.getByRole('button', { name: 'Start' }).click();
  const again = page.getByRole('dialog', { name: 'Start vote population?' });
  await expect(again).toContainText(
    /A previous population's [\d,]+ fake users and their votes are still in the database/,
  );
  await expect(again.getByRole('button', { name: 'Add another population' })).toBeDisabled();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Remove populated votes and users' })).toBeEnabled();
});

/** The Users page's rows: the username (first line of the User cell), the badge, the checkbox. */
async function userRows(p: Page) {
  const rows = p.locator('.RaDataTable-tbody tr');
  await expect(rows.first()).toBeVisible();
  const out = [];
  for (const row of await rows.all()) {
    out.push({
      username: (await row.locator('td').nth(1).locator('p').first().innerText()).trim(),
      populated: (await row.getByText('Populated', { exact: true }).count()) === 1,
      checkbox: row.getByRole('checkbox'),
    });
  }
  return out;
}

/** Picks a choice of one of the Users filters (a select). */
async function filterUsers(p: Page, filter: string, choice: string) {
  await p.getByLabel(filter, { exact: true }).click();
  await p.getByRole('option', { name: choice, exact: true }).click();
  await expect(p.getByRole('listbox')).toHaveCount(0);
}

// in a context of its own: the main walk's list state (filters, sort, selection) stays as it was
test('after Populate Votes: the Users badge marks exactly the fake users and the Populated filter lists only them; row checkboxes name their rows', async ({
  browser,
}) => {
  // what the users API counts for each choice of the filter
  const counted = async (filter: object) => {
    const res = await fetch(
      `${BASE}/api/admin/users?range=[0,0]&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      {
        headers: { Authorization: basic },
      },
    );
    return Number(res.headers.get('content-range')?.split('/')[1]);
  };
  const [all, seeded, real] = [await counted({}), await counted({ seeded: true }), await counted({ seeded: false })];
  expect(seeded).toBe((await api<Stats>('/api/admin/stats')).seededUsers);
  expect(seeded).toBeGreaterThan(0);
  expect(real).toBe(all - seeded);
  const ctx = await loggedInContext(browser, await apiToken(), DESKTOP);
  const p = await ctx.newPage();
  await p.goto('/adm/users');
  const range = p.getByText(/^\d+-\d+ of \d+$/).first();
  await expect(range).toHaveText(new RegExp(` of ${all}$`));

  // newest first: the population's users, each with the badge and a checkbox that names them
  const fake = new Set(
    (
      await api<{ username: string }[]>(`/api/admin/users?range=[0,99]&filter=${encodeURIComponent('{"seeded":true}')}`)
    ).map((u) => u.username),
  );
  for (const row of await userRows(p)) {
    expect(row.populated, `${row.username}: badge`).toBe(fake.has(row.username));
    await expect(row.checkbox).toHaveAccessibleName(`Select user ${row.username}`);
  }

  await filterUsers(p, 'Populated', 'Populated only');
  await expect(range).toHaveText(new RegExp(` of ${seeded}$`));
  const populated = await userRows(p);
  expect(populated.length).toBe(Math.min(25, seeded));
  for (const row of populated) expect(row.populated, `${row.username}: badge`).toBe(true);
  await settled(p);
  await p.screenshot({ path: path.join(SHOTS, 'users-populated-only-desktop.png') });

  await filterUsers(p, 'Populated', 'Real users only');
  await expect(range).toHaveText(new RegExp(` of ${real}$`));
  for (const row of await userRows(p)) {
    expect(row.populated, `${row.username}: no badge`).toBe(false);
    expect(fake.has(row.username)).toBe(false);
    await expect(row.checkbox).toHaveAccessibleName(`Select user ${row.username}`);
  }
  await ctx.close();
});

test('Media cards at 1280×800 and 390×844: the uploader name on one line, never broken inside; each checkbox names its media', async ({
  browser,
}) => {
  const token = await apiToken();
  for (const [size, viewport] of SIZES) {
    const ctx = await loggedInContext(browser, token, viewport);
    const p = await ctx.newPage();
    await p.goto('/adm/media');
    const cards = p.getByTestId('media-card');
    await expect(cards.first()).toBeVisible();
    await p.waitForLoadState('networkidle');
    for (const card of (await cards.all()).slice(0, 12)) {
      const name = card.getByTestId('username');
      await expectOneLine(name, `media ${size}: uploader`);
      const username = await name.innerText();
      const title = await card.locator('h6, .MuiTypography-subtitle2').first().innerText();
      await expect(card.getByRole('checkbox')).toHaveAccessibleName(
        new RegExp(`^Select ${escapeRegExp(title)} \\(media \\d+\\) by ${escapeRegExp(username)}$`),
      );
    }
    await settled(p);
    await p.screenshot({ path: path.join(SHOTS, `media-cards-${size}.png`) });
    await ctx.close();
  }
});

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('Bucket Manager: duplicate scan job, Select Duplicates keeps the newest, select-all, delete selected', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Bucket Manager' }).click();
  const table = page.getByRole('table', { name: 'Bucket files' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const listing = await api<{ totalFiles: number }>('/api/admin/list-bucket-files');
  await expect(page.getByText(listing.totalFiles.toLocaleString('en'), { exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Find Duplicates' }).click();
  await expect(page.getByRole('progressbar', { name: 'Duplicate detection progress' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Duplicate groups' })).toBeVisible({ timeout: 120_000 });
  await page.getByRole('button', { name: 'Select Duplicates' }).click();
  await expect(toast(page, /^Selected \d+ duplicate files/)).toBeVisible();
  // sunset-001: its "(1)" copy is older (70 days) → selected; the original is kept
  await page.getByLabel('Search files').fill('sunset-001');
  await expect(table.getByLabel('Select archive/sunset-001 (1).png')).toBeChecked();
  await expect(table.getByLabel('Select library/2026/sunset-001.png')).not.toBeChecked();
  // dusk-008's copy is newer (1 day) → the original is the one selected
  await page.getByLabel('Search files').fill('dusk-008');
  await expect(table.getByLabel('Select archive/dusk-008 (1).jpg')).not.toBeChecked();
  await expect(table.getByLabel('Select library/dusk-008.jpg')).toBeChecked();

  await page.getByLabel('Search files').fill('');
  const selectAll = table.getByRole('checkbox', { name: /^Select all \d+ files$/ });
  await selectAll.check();
  await expect(table.getByRole('checkbox', { name: 'Unselect all files' })).toBeChecked();
  await table.getByRole('checkbox', { name: 'Unselect all files' }).uncheck();
  await expect(page.getByRole('button', { name: 'Delete selected (0)' })).toBeDisabled();

  // paging: 50 per page of ~270 files
  await expect(table.getByRole('row')).toHaveCount(51);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(table.getByRole('row')).toHaveCount(51);

  await page.getByLabel('Search files').fill('archive/');
  await table.getByLabel('Select archive/README.txt').check();
  await table.getByLabel('Select archive/corrupt.jpg').check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete files from the bucket' });
  await expect(dialog).toContainText('Are you sure you want to delete 2 files');
  await dialog.getByRole('button', { name: 'Delete 2 files' }).click();
  await expect(toast(page, 'Deleted 2 files')).toBeVisible();
  await expect(table.getByText('archive/README.txt')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete selected (2)' })).toHaveCount(0);
  expect((await api<{ totalFiles: number }>('/api/admin/list-bucket-files')).totalFiles).toBe(listing.totalFiles - 2);
});

test('Media: totals, grid, type filter, preview plays video, delete with the spec confirmation, bulk delete', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Media' }).click();
  const cards = page.getByTestId('media-card');
  await expect(cards).toHaveCount(24);
  const stats = await api<Stats>('/api/admin/stats');
  await expect(page.getByText(stats.totalMedia.toLocaleString('en'), { exact: true }).first()).toBeVisible();

  await page.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Videos' }).click();
  await expect(cards).toHaveCount(3);
  // a card never loads a video file: its poster thumbnail, or a tile with the play mark
  await expect(page.locator('[data-testid=media-card] video')).toHaveCount(0);
  await cards
    .first()
    .getByRole('button', { name: /^Preview clip-\d\.mp4$/ })
    .click();
  const preview = page.getByRole('dialog');
  const video = preview.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await preview.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(cards.first().getByRole('button', { name: /^Preview/ })).toBeFocused();

  await page.getByLabel('Type').click();
  await page.getByRole('option').filter({ hasText: 'All types' }).click();
  await expect(cards).toHaveCount(24);
  await page.getByLabel('Search name or user').fill('holiday-1.jpg');
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('button', { name: 'Delete holiday-1.jpg' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete media' });
  await expect(confirm).toContainText(confirmDeleteText('holiday-1.jpg'));
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, TEXTS.deleteMediaSuccess)).toBeVisible();
  await expect(cards).toHaveCount(0);

  await page.getByLabel('Search name or user').fill('holiday');
  await expect(cards).toHaveCount(7);
  await cards.nth(0).getByRole('checkbox').check();
  await cards.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await page.getByRole('dialog', { name: 'Delete selected media' }).getByRole('button', { name: 'Delete 2' }).click();
  await expect(toast(page, TEXTS.deleteMediaSuccess)).toBeVisible();
  await expect(cards).toHaveCount(5);
  expect((await api<Stats>('/api/admin/stats')).totalMedia).toBe(stats.totalMedia - 3);
  await page.getByLabel('Search name or user').fill('');
  await expect(cards).toHaveCount(24);
  await page.getByRole('button', { name: 'Go to page 2' }).click();
  await expect(cards).toHaveCount(24);
});

test('Users: totals, the five columns, locations from the geocoder (coordinates when unknown), search', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Users' }).click();
  for (const col of ['User', 'Contact', 'Location', 'Activity', 'Joined']) {
    await expect(page.getByRole('columnheader', { name: col })).toBeVisible();
  }
  await expect(page.getByText('Saved accounts')).toBeVisible();
  await page.getByRole('columnheader', { name: 'Joined' }).getByRole('button').click(); // oldest first: the visitors
  await expect(page.getByText('Berlin, Germany').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('64.15, -21.94').first()).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Search username or e-mail').fill('operator.test');
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(3);
  await expect(page).toHaveURL(/operator\.test/); // the search is in the address, so it survives a reload
});

test('Export Votes: downloads votes_export_{date}.xlsx with the token; it reads back with every vote', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Export Votes' }).click();
  const stats = await api<Stats>('/api/admin/stats');
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Export Votes' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^votes_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = path.join(SHOTS, download.suggestedFilename());
  await download.saveAs(file);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  expect(sheet.getRow(1).values.slice(1)).toEqual(['user_id', 'media_id', 'is_hot', 'voted_at']);
  const rows = book.worksheets.reduce((n: number, s: { rowCount: number }) => n + s.rowCount - 1, 0);
  expect(rows).toBe(stats.totalVotes);
  await expect(page.getByText(/^Saved votes_export_/)).toBeVisible();
});

test('Traffic Handlers: the spec texts for bad input, saving, history, and the Table missing notice', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Traffic Handlers' }).click();
  const idle = page.getByRole('region', { name: 'Idle redirect' });
  await idle.getByLabel('Idle time (seconds)').fill('10');
  await idle.getByRole('button', { name: 'Save idle redirect' }).click();
  await expect(toast(page, TEXTS.invalidTime)).toBeVisible();
  await idle.getByLabel('Idle time (seconds)').fill('120');
  await idle.getByLabel('Redirect URL').fill('example.com/away');
  await idle.getByRole('button', { name: 'Save idle redirect' }).click();
  await expect(idle.getByText(TEXTS.invalidUrl)).toBeVisible();
  await idle.getByLabel('Redirect URL').fill('https://example.com/idle');
  await expect(idle.getByRole('region', { name: 'Preview' })).toContainText('After 2 min without a click');
  await idle.getByRole('button', { name: 'Save idle redirect' }).click();
  await expect(toast(page, 'Idle redirect saved')).toBeVisible();
  await expect(idle.getByText('120 seconds (2 min)')).toBeVisible();
  await expect(
    idle.getByRole('table', { name: 'Idle redirect history' }).getByText('120 s → https://example.com/idle'),
  ).toBeVisible();

  const back = page.getByRole('region', { name: 'Back button redirect' });
  await back.getByLabel('Redirect URL').fill('https://example.com/back');
  await back.getByRole('button', { name: 'Save back button redirect' }).click();
  await expect(toast(page, 'Back button redirect saved')).toBeVisible();
  await expect(back.getByText('Active', { exact: true }).first()).toBeVisible();

  for (const p of ['**/api/admin/idle-redirect-config', '**/api/admin/back-button-config']) {
    await page.route(p, (r) =>
      r.request().method() === 'GET'
        ? r.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"statusCode":500,"message":"relation does not exist"}',
          })
        : r.continue(),
    );
  }
  await page.reload();
  await expect(page.getByText(TEXTS.tableMissing)).toBeVisible();
  await page.getByRole('link', { name: 'Open DB Admin' }).click();
  await expect(page).toHaveURL(`${BASE}/adm/dbtest`);
  await page.unrouteAll();
});

test('Ads: an empty zone name is refused; the draft runs sandboxed in the preview; saving shows it to visitors', async () => {
  await sidebar(page).getByRole('menuitem', { name: 'Ads' }).click();
  const zone = page.getByRole('region', { name: 'Ad Zone 1' });
  await zone.getByLabel('Zone name').fill('   ');
  await zone.getByLabel('Ad code').fill('<p>draft</p>');
  await zone.getByRole('button', { name: 'Save ad configuration' }).click();
  await expect(zone.getByText(TEXTS.zoneNameEmpty)).toBeVisible();

  await zone.getByLabel('Zone name').fill('Sidebar banner');
  await zone
    .getByLabel('Ad code')
    .fill(
      '<div id="ad" style="padding:16px;border:1px dashed #a78bfa;border-radius:8px">Your ad here</div>' +
        '<script>document.getElementById("ad").textContent = "Ad script ran: " + (function(){try{return String(parent.document)}catch(e){return "parent blocked"}})()</script>',
    );
  const frame = zone.locator('iframe[title^="Ad preview"]');
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-popups');
  await expect(
    page.frameLocator('iframe[title^="Ad preview"]').getByText('Ad script ran: parent blocked'),
  ).toBeVisible();
  await zone.getByLabel('Active').check();
  await zone.getByRole('button', { name: 'Save ad configuration' }).click();
  await expect(toast(page, 'Ad configuration saved')).toBeVisible();
  await expect(zone.getByText('Showing to visitors')).toBeVisible();
  const pub = await fetch(`${BASE}/api/ad-config/zone1`).then((r) => r.json());
  expect(pub.zoneName).toBe('Sidebar banner');
});

test('a 500 never logs the operator out', async () => {
  await page.route('**/api/admin/stats', (r) =>
    r.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500,"message":"boom"}' }),
  );
  await sidebar(page).getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByText('boom')).toBeVisible();
  await expect(page.locator('.RaAppBar-toolbar')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).not.toBeNull();
  await page.unrouteAll();
});

test('screenshots of every page at 1280×800 and 390×844, light and dark; nothing wider than the screen', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const token = await apiToken();
  const pages: [string, string, (p: Page) => Promise<void>][] = [
    [
      'dashboard',
      '/adm',
      async (p) =>
        void (await expect(p.locator('.MuiChartsSurface-root, svg.MuiChartsSurface-root').first()).toBeVisible()),
    ],
    ['media', '/adm/media', async (p) => void (await expect(p.getByTestId('media-card')).toHaveCount(24))],
    ['users', '/adm/users', async (p) => void (await expect(p.getByText(/ uploads · /).nth(5)).toBeVisible())],
    [
      'export-votes',
      '/adm/export-votes',
      async (p) => void (await expect(p.getByText(/votes to export/)).toBeVisible()),
    ],
    [
      'bucket',
      '/adm/bucket',
      async (p) =>
        void (await expect(p.getByRole('table', { name: 'Bucket files' }).getByRole('row').nth(5)).toBeVisible()),
    ],
    [
      'traffic-handlers',
      '/adm/traffic-handlers',
      async (p) => void (await expect(p.getByText('Current settings').first()).toBeVisible()),
    ],
    [
      'ads',
      '/adm/ads',
      async (p) =>
        void (await expect(p.frameLocator('iframe[title^="Ad preview"]').getByText(/Ad script ran/)).toBeVisible()),
    ],
    [
      'dbtest',
      '/adm/dbtest',
      async (p) =>
        void (await expect(p.getByTestId('db-test-queries').getByText('success', { exact: true })).toBeVisible()),
    ],
    [
      'populate-votes',
      '/adm/populate-votes',
      async (p) => void (await expect(p.getByRole('definition').first()).toBeVisible()),
    ],
  ];
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const out = await browser.newContext({ baseURL: BASE, viewport, colorScheme: scheme });
      const login = await out.newPage();
      await login.goto('/adm');
      await expect(login.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expectNoSidewaysScroll(login, `login ${size} ${scheme}`);
      await login.screenshot({ path: path.join(SHOTS, `login-${size}-${scheme}.png`) });
      await out.close();

      const ctx = await newLoggedInContext(browser, token, viewport, scheme);
      const p = await ctx.newPage();
      for (const [name, url, ready] of pages) {
        await p.goto(url);
        await ready(p);
        await p.waitForLoadState('networkidle');
        await expectNoSidewaysScroll(p, `${name} ${size} ${scheme}`);
        await settled(p);
        await p.screenshot({ path: path.join(SHOTS, `${name}-${size}-${scheme}.png`) });
        await p.screenshot({ path: path.join(SHOTS, `${name}-${size}-${scheme}-full.png`), fullPage: true });
      }
      // the opened pieces: the media preview, the jobs list, the reset confirmation, the menu on a phone
      await p.goto('/adm/media');
      await p
        .getByTestId('media-card')
        .first()
        .getByRole('button', { name: /^Preview/ })
        .click();
      await expect(p.getByRole('dialog').locator('img, video')).toBeVisible();
      await settled(p);
      await p.screenshot({ path: path.join(SHOTS, `media-preview-${size}-${scheme}.png`) });
      await p.keyboard.press('Escape');
      await p.getByRole('button', { name: /^Jobs/ }).click();
      await expect(p.getByRole('dialog', { name: 'Jobs' })).toBeVisible();
      await settled(p);
      await p.screenshot({ path: path.join(SHOTS, `jobs-${size}-${scheme}.png`) });
      await p.keyboard.press('Escape');
      if (size === 'mobile') {
        await p.getByRole('button', { name: 'Open menu' }).click();
        await expect(p.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
        await settled(p);
        await p.screenshot({ path: path.join(SHOTS, `menu-${size}-${scheme}.png`) });
        await p.getByRole('menuitem', { name: 'Users' }).click();
        await expect(p).toHaveURL(`${BASE}/adm/users`);
        await expect(p.getByRole('menuitem', { name: 'Logout' })).toBeHidden();
      }
      await ctx.close();
    }
  }
});

test('a 401 anywhere says the session may have expired and returns to the login page', async () => {
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  const res = await fetch(`${BASE}/api/admin/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(204);
  await sidebar(page).getByRole('menuitem', { name: 'Users' }).click();
  await expect(toast(page, TEXTS.sessionExpired)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
});

test('Logout in the sidebar revokes the token and returns to /adm', async () => {
  await login(page);
  const token = await page.evaluate(() => localStorage.getItem('adminToken'));
  await sidebar(page).getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
  const after = await fetch(`${BASE}/api/admin/stats`, { headers: { Authorization: `Bearer ${token}` } });
  expect(after.status).toBe(401);
});

test('Database Reset: warning, Cancel returns, the exact phrase is needed, then everything is gone', async () => {
  await login(page);
  await page.goto('/adm/dbtest');
  const open = page.getByRole('button', { name: 'Reset Database' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Reset the database?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const final = page.getByRole('dialog', { name: 'Final confirmation' });
  await final.getByLabel('Confirmation').fill('reset database');
  await expect(final.getByRole('button', { name: 'Reset Database' })).toBeDisabled();
  await final.getByLabel('Confirmation').fill(TEXTS.resetPhrase);
  await final.getByRole('button', { name: 'Reset Database' }).click();
  await expect(toast(page, /^Database reset/)).toBeVisible();
  const stats = await api<Stats>('/api/admin/stats');
  expect(stats).toEqual({ totalUsers: 0, totalMedia: 0, totalVotes: 0, totalViews: 0, seededUsers: 0 });
});

test('no request left the site (react-admin telemetry is off)', async () => {
  const origin = new URL(BASE).origin;
  const foreign = requested.filter((u) => !u.startsWith(origin) && !/^(data|blob|about):/.test(u));
  expect(foreign).toEqual([]);
});

/** A logged-in context whose requests count towards "no request left the site". */
async function newLoggedInContext(
  browser: Browser,
  token: string,
  viewport: { width: number; height: number },
  colorScheme: 'light' | 'dark',
) {
  const ctx = await loggedInContext(browser, token, viewport, colorScheme);
  ctx.on('request', (r) => requested.push(r.url()));
  return ctx;
}
