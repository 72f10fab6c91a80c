import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { apiToken, DESKTOP, newLoggedInContext, SHOTS } from './helpers';
import { newVisitor } from './visitors';

/**
 * Issue 22: the Users page never waits on the reverse geocoder. Place names are looked up by the
 * server in the background (one request per second to the geocoder); the list answers at once
 * with coordinates and the portal asks again until the names are there. With the old per-row
 * calls, 25 geocode requests held for seconds each filled the browser's six connections and the
 * next page's list request waited behind them (16.7 s in the issue).
 */
const GEOCODER = process.env.E2E_GEOCODER_URL!;
const geocoder = (mode: { delayMs?: number; nameAll?: boolean }) =>
  fetch(`${GEOCODER}/__control`, { method: 'POST', body: JSON.stringify(mode) });

/**
 * Clicks a pager button and waits until the list shows `shown` ("26-50 of"): how long after the
 * click the list request was sent, how long it queued in the browser, and when requests for that
 * page went out in the 0.5 s after the click (reported: the 3 s polling for place names may land
 * there too; that the click's prefetch is the list's own request is PrefetchPagination.test.tsx's).
 */
async function pageChange(page: Page, button: string, range: string, shown: string) {
  await page.evaluate(() => {
    const w = window as unknown as { __clickAt: number };
    document.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true });
  });
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/admin/users?') && decodeURIComponent(r.url()).includes(range),
  );
  await page.getByRole('button', { name: button }).click();
  const response = await listed;
  await expect(page.getByText(new RegExp(`^${shown} of \\d+$`))).toBeVisible();
  await page.waitForTimeout(600);
  const wait = await page.evaluate((url) => {
    const clickAt = (window as unknown as { __clickAt: number }).__clickAt;
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.name === url && e.startTime >= clickAt && e.startTime <= clickAt + 500,
    );
    const first = entries[0];
    return first
      ? {
          started: first.requestStart - clickAt,
          queued: first.requestStart - first.fetchStart,
          sent: entries.length,
          at: entries.map((e) => Math.round(e.startTime - clickAt)).join('/'),
        }
      : null;
  }, response.url());
  expect(wait, 'the list request has a timing entry').not.toBeNull();
  return wait!;
}

test('the next page of Users never queues behind geocoding while 24 rows are being geocoded', async ({ browser }) => {
  test.setTimeout(240_000);
  // 50 new visitors at 50 places nobody has looked up: the two newest pages of the list
  await geocoder({ delayMs: 6000, nameAll: true });
  for (let i = 0; i < 50; i++) await newVisitor({ latitude: 20 + i * 0.37, longitude: 30 + i * 0.53 });

  const ctx = await newLoggedInContext(browser, await apiToken(), DESKTOP);
  const page = await ctx.newPage();
  const perRow: string[] = [];
  // the page's requests to the API still open: six would fill Chromium's connections to the host
  const open = new Set<unknown>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/admin/geocode') perRow.push(r.url());
    if (new URL(r.url()).pathname.startsWith('/api/')) open.add(r);
  });
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  try {
    await page.goto('/adm/users');
    const locations = page.getByTestId('user-location');
    await expect(locations).toHaveCount(25);
    // the rows are waiting for their names (the slow geocoder answers one every 6 s at best)
    await expect(page.getByText('Looking up the place…').nth(23)).toBeVisible();
    await expect(locations.first()).toHaveText(/^\d+\.\d\d, \d+\.\d\d/);
    await page.screenshot({ path: path.join(SHOTS, 'users-places-pending-desktop-light.png') });

    // three page changes (next, previous, next) while the geocoder holds every lookup
    const waits: { started: number; queued: number; sent: number; at: string }[] = [];
    const openAtClick: number[] = [];
    for (const [button, range, shown] of [
      ['Go to next page', '[25,49]', '26-50'],
      ['Go to previous page', '[0,24]', '1-25'],
      ['Go to next page', '[25,49]', '26-50'],
    ] as const) {
      openAtClick.push(open.size);
      waits.push(await pageChange(page, button, range, shown));
      await expect(page.getByTestId('user-location')).toHaveCount(25);
    }
    const text = waits
      .map((w) => `${Math.round(w.started)} ms (queued ${Math.round(w.queued)} ms; requests at ${w.at} ms)`)
      .join(', ');
    test.info().annotations.push({ type: 'list request sent after the click', description: text });
    console.log(`Users next/previous page: list request sent after the click: ${text}`);
    // nothing for the list request to queue behind: the old per-row geocode calls held all six
    // connections. (The times above are figures to read, not asserted: a loaded machine's
    // scheduler, not the page, decides them.)
    for (const n of openAtClick) expect(n, 'API requests still open when the pager was clicked').toBeLessThan(6);
    await expect(page.getByTestId('user-location')).toHaveCount(25);
    expect(perRow, 'no per-row geocode calls').toEqual([]);

    // the geocoder recovers: the names arrive on their own (the list asks again every 3 s)
    await geocoder({ delayMs: 0, nameAll: true });
    await page.getByRole('button', { name: 'Go to previous page' }).click();
    await expect(page.getByText(/^Place \d+\.\d\d, Testland$/).first()).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: path.join(SHOTS, 'users-places-named-desktop-light.png') });
  } finally {
    await geocoder({ delayMs: 0, nameAll: false });
    await ctx.close();
  }
});
