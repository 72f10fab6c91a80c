import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeImage } from './fixtures.mjs';
import { apiToken, newLoggedInContext, toast } from './helpers';

/**
 * Issue 12 across both apps (the API serves the visitor app at / and the portal at /adm): three
 * visitors report an item in the visitor app → it leaves a fourth visitor's pick → its owner's
 * stats say "Under review" → the operator keeps it and it is back; then the delete path. Starts
 * from an empty database (the reset), so it does not depend on what admin.spec.ts left.
 */
test.describe.configure({ mode: 'serial' });

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE = process.env.E2E_BASE_URL!;
const USER = process.env.E2E_ADMIN_USER ?? 'admin';
const PASS = process.env.E2E_ADMIN_PASS!;
const SHOTS = path.join(here, 'screenshots');
mkdirSync(SHOTS, { recursive: true });
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };

const basic = `Basic ${Buffer.from(`${USER}:${PASS}`).toString('base64')}`;
async function admin<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(BASE + url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: basic, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Visitor {
  context: BrowserContext;
  page: Page;
  id: number;
  cookie: string;
}

/** A browser that opened the visitor app (which creates its session). */
async function visitor(browser: Browser, viewport = DESKTOP): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: BASE, viewport });
  const page = await context.newPage();
  const session = page.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST');
  await page.goto('/');
  const { id } = (await (await session).json()) as { id: number };
  const cookie = (await context.cookies()).find((c) => c.name === 'vibe_session')!;
  return { context, page, id, cookie: `${cookie.name}=${cookie.value}` };
}

let seed = 0;
async function upload(v: Visitor, name: string): Promise<number> {
  const file = await makeImage(path.join(SHOTS, `trust-upload-${seed}.jpg`), 300 + seed++, { width: 800, height: 600 });
  const form = new FormData();
  form.append('userId', String(v.id));
  form.append('file', new Blob([readFileSync(file)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${BASE}/api/media/upload`, { method: 'POST', headers: { Cookie: v.cookie }, body: form });
  if (!res.ok) throw new Error(`upload → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** The rating screen's current item, once its media has loaded. */
async function shownItem(p: Page): Promise<string> {
  const media = p.getByTestId('rate-media');
  await expect(media).toHaveAttribute('data-loaded', 'true');
  return (await media.getAttribute('data-media-id'))!;
}

async function settledShot(p: Page, file: string) {
  await p.waitForTimeout(350); // the dialog's entrance animation
  await p.screenshot({ path: path.join(SHOTS, file) });
}

let owner: Visitor;
const others: Visitor[] = [];
let target: number;

test.beforeAll(async ({ browser }) => {
  await admin('/api/admin/reset-database', { confirm: 'RESET DATABASE' });
  owner = await visitor(browser);
  target = await upload(owner, 'sunset.jpg');
});

test.afterAll(async () => {
  for (const v of [owner, ...others]) await v?.context.close();
});

test('three visitors report the item in the visitor app; the dialog works by mouse and keyboard', async ({
  browser,
}) => {
  // 1: the Report button under Skip, at 1280×800
  const first = await visitor(browser, DESKTOP);
  others.push(first);
  expect(await shownItem(first.page)).toBe(String(target));
  await first.page.getByRole('button', { name: 'Report' }).click();
  const dialog = first.page.getByRole('dialog', { name: 'Report this media' });
  await expect(dialog.getByRole('radio')).toHaveCount(7);
  await dialog.getByRole('radio', { name: 'Spam' }).check();
  await settledShot(first.page, 'trust-report-dialog-1280x800.png');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(first.page.getByText('Report Sent', { exact: true })).toBeVisible();
  // the item went: nothing else is left for this visitor
  await expect(first.page.getByTestId('rated-all')).toBeVisible();

  // 2: a phone, reason Other with a short text, at 390×844
  const second = await visitor(browser, MOBILE);
  others.push(second);
  expect(await shownItem(second.page)).toBe(String(target));
  await second.page.getByRole('button', { name: 'Report' }).click();
  const mobileDialog = second.page.getByRole('dialog', { name: 'Report this media' });
  await mobileDialog.getByRole('radio', { name: 'Other' }).check();
  await mobileDialog.getByLabel('What is wrong?').fill('This is a photo of my screen, not theirs');
  await settledShot(second.page, 'trust-report-dialog-390x844.png');
  await mobileDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(second.page.getByText('Report Sent', { exact: true })).toBeVisible();

  // 3: from the full-size overlay, with the keyboard only
  const third = await visitor(browser, DESKTOP);
  others.push(third);
  expect(await shownItem(third.page)).toBe(String(target));
  await third.page.getByTestId('rate-media').focus();
  await third.page.keyboard.press('Enter');
  const overlay = third.page.getByTestId('media-overlay');
  await expect(overlay).toBeVisible();
  const report = overlay.getByRole('button', { name: 'Report' });
  for (let i = 0; i < 5 && !(await report.evaluate((el) => el === document.activeElement)); i++) {
    await third.page.keyboard.press('Tab');
  }
  await expect(report).toBeFocused();
  await third.page.keyboard.press('Enter');
  const keyDialog = third.page.getByRole('dialog', { name: 'Report this media' });
  await expect(keyDialog).toBeVisible();
  // into the radio group, then arrows pick a reason
  await keyDialog.getByRole('radio', { name: 'Sexual content' }).focus();
  await third.page.keyboard.press('ArrowDown');
  await expect(keyDialog.getByRole('radio', { name: 'Violence or gore' })).toBeChecked();
  await third.page.keyboard.press('Enter');
  await expect(third.page.getByText('Report Sent', { exact: true })).toBeVisible();
  // typing in the dialog voted on nothing
  const votes = await admin<Array<{ totalVotes: number }>>(
    `/api/admin/media?filter=${encodeURIComponent(`{"id":[${target}]}`)}`,
  );
  expect(votes[0]!.totalVotes).toBe(0);
});

test('the reported item leaves a fourth visitor’s pick and its owner sees it under review', async ({ browser }) => {
  const second = await upload(owner, 'lake.jpg');
  const fourth = await visitor(browser, DESKTOP);
  others.push(fourth);
  for (let i = 0; i < 4; i++) {
    expect(await shownItem(fourth.page)).toBe(String(second));
    await fourth.page.getByRole('button', { name: /Skip this photo/ }).click();
  }
  await owner.page.goto('/stats');
  const card = owner.page.getByTestId('media-card').filter({ hasText: 'sunset.jpg' });
  await expect(card.getByTestId('under-review')).toHaveText('Under review');
  await expect(
    owner.page.getByTestId('media-card').filter({ hasText: 'lake.jpg' }).getByTestId('under-review'),
  ).toHaveCount(0);
  await owner.page.screenshot({ path: path.join(SHOTS, 'trust-owner-under-review-1280x800.png') });

  const queue =
    await admin<Array<{ id: number; reports: number; hidden: boolean; reasons: object }>>('/api/admin/moderation');
  expect(queue).toEqual([
    expect.objectContaining({ id: target, reports: 3, hidden: true, reasons: { spam: 1, other: 1, violence: 1 } }),
  ]);
});

test('the operator keeps it on the Moderation page: the fourth visitor can get it again, the owner sees no review', async ({
  browser,
}) => {
  const portal = await newLoggedInContext(browser, await apiToken(), DESKTOP);
  const page = await portal.newPage();
  await page.goto('/adm/moderation');
  const row = page
    .getByTestId('moderation-item')
    .filter({ has: page.getByRole('heading', { name: 'sunset.jpg', exact: true }) });
  const kept = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/admin/moderation/keep'));
  await row.getByRole('button', { name: 'Keep sunset.jpg' }).click();
  expect((await kept).postDataJSON()).toEqual({ ids: [target] });
  await expect(toast(page, 'Kept 1 media: reports dismissed')).toBeVisible();
  await portal.close();
  const fourth = others[3]!;
  await fourth.page.reload();
  const seen = new Set<string>();
  for (let i = 0; i < 30 && !seen.has(String(target)); i++) {
    seen.add(await shownItem(fourth.page));
    await fourth.page.getByRole('button', { name: /Skip this photo/ }).click();
  }
  expect(seen.has(String(target))).toBe(true);
  await owner.page.reload();
  await expect(owner.page.getByTestId('media-card').filter({ hasText: 'sunset.jpg' })).toBeVisible();
  await expect(owner.page.getByTestId('under-review')).toHaveCount(0);
  const audit = await admin<Array<{ action: string; target: string }>>('/api/admin/audit?range=[0,0]');
  expect(audit[0]).toMatchObject({ action: 'moderation.keep', target: `media ${target}` });
});

test('the delete path: reported past the threshold, deleted by the operator, gone for owner and visitors', async () => {
  const doomed = await upload(owner, 'doomed.jpg');
  for (const v of others.slice(0, 3)) {
    const res = await fetch(`${BASE}/api/media/${doomed}/report`, {
      method: 'POST',
      headers: { Cookie: v.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'violence' }),
    });
    expect(res.status).toBe(201);
  }
  await owner.page.reload();
  await expect(
    owner.page.getByTestId('media-card').filter({ hasText: 'doomed.jpg' }).getByTestId('under-review'),
  ).toBeVisible();
  expect(await admin('/api/admin/moderation/delete', { ids: [doomed] })).toEqual({ deleted: [doomed], notFound: [] });
  await owner.page.reload();
  await expect(owner.page.getByTestId('media-card').filter({ hasText: 'sunset.jpg' })).toBeVisible();
  await expect(owner.page.getByTestId('media-card').filter({ hasText: 'doomed.jpg' })).toHaveCount(0);
  const fourth = others[3]!;
  await fourth.page.reload();
  for (let i = 0; i < 6; i++) {
    expect(await shownItem(fourth.page)).not.toBe(String(doomed));
    await fourth.page.getByRole('button', { name: /Skip this photo/ }).click();
  }
  const decided = await admin<Array<{ id: number; status: string; originalName: string }>>(
    '/api/admin/moderation?status=decided',
  );
  expect(decided.find((r) => r.id === doomed)).toMatchObject({ status: 'deleted', originalName: 'doomed.jpg' });
});
