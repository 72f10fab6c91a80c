import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { smallTargets } from '../../scripts/e2e-small-targets';
import { apiToken, expectNoSidewaysScroll, MOBILE, newLoggedInContext, settled, SHOTS, SIZES } from './helpers';
import { newVisitor, report, upload } from './visitors';

/**
 * Issue 22: every admin page is axe-clean (no serious or critical finding) at 1280×800 and
 * 390×844, with the pieces that open over a page (the media preview, the jobs list) audited too,
 * and every page has exactly one h1. The spec seeds its own content (a photo, a video and a
 * reported item), so it does not depend on the other specs; named to run last (specs run in name
 * order), so what it adds never changes what the others count.
 */
const PAGES: [name: string, url: string, ready: (p: Page) => Promise<unknown>][] = [
  ['dashboard', '/adm', (p) => expect(p.getByRole('link', { name: /^Media/ })).toBeVisible()],
  ['media', '/adm/media', (p) => expect(p.getByTestId('media-card').first()).toBeVisible()],
  ['users', '/adm/users', (p) => expect(p.getByText(/^\d+-\d+ of \d+$/).first()).toBeVisible()],
  ['moderation', '/adm/moderation', (p) => expect(p.getByRole('heading', { level: 1 })).toHaveText(/Moderation/)],
  ['audit', '/adm/audit', (p) => expect(p.getByText(/^\d+-\d+ of \d+$/).first()).toBeVisible()],
  ['export-votes', '/adm/export-votes', (p) => expect(p.getByRole('button', { name: 'Export Votes' })).toBeVisible()],
  ['bucket', '/adm/bucket', (p) => expect(p.getByRole('table', { name: 'Bucket files' })).toBeVisible()],
  ['traffic-handlers', '/adm/traffic-handlers', (p) => expect(p.getByText('Current settings').first()).toBeVisible()],
  ['ads', '/adm/ads', (p) => expect(p.getByRole('heading', { level: 1 })).toHaveText('Ads')],
  ['dbtest', '/adm/dbtest', (p) => expect(p.getByRole('heading', { level: 1 })).toHaveText('DB Admin')],
  [
    'populate-votes',
    '/adm/populate-votes',
    (p) => expect(p.getByRole('button', { name: 'Fix User Sequence' })).toBeVisible(),
  ],
];

/** Serious and critical axe findings on the page as shown, one line each. */
async function seriousFindings(p: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page: p })
    // the ad preview is the advertiser's document, sandboxed in its own origin
    .exclude('iframe')
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.html.slice(0, 100)} — ${v.nodes[0]?.failureSummary?.slice(0, 160)}`,
    );
}

test('every admin page has one h1 and no serious or critical axe finding, at both sizes', async ({ browser }) => {
  test.setTimeout(600_000);
  const uploader = await newVisitor({ latitude: 52.52, longitude: 13.4 });
  const photo = await upload(uploader, 'a11y-photo.jpg', 71);
  await upload(uploader, 'a11y-clip.mp4', 72);
  await report(await newVisitor(), photo.id, 'spam', 'axe run');
  const token = await apiToken();

  const findings: string[] = [];
  for (const [size, viewport] of SIZES) {
    const ctx = await newLoggedInContext(browser, token, viewport);
    const p = await ctx.newPage();
    for (const [name, url, ready] of PAGES) {
      await p.goto(url);
      await ready(p);
      await p.waitForLoadState('networkidle');
      await settled(p);
      await expect(p.getByRole('heading', { level: 1 }), `${name} ${size}: one h1`).toHaveCount(1);
      for (const f of await seriousFindings(p)) findings.push(`${name} ${size}: ${f}`);
      await p.screenshot({ path: path.join(SHOTS, `a11y-${name}-${size}.png`) });
    }
    // what opens over a page: the media preview (its scrolling body) and the jobs list
    await p.goto('/adm/media');
    await p
      .getByTestId('media-card')
      .first()
      .getByRole('button', { name: /^Preview/ })
      .click();
    await expect(p.getByRole('dialog').locator('img, video')).toBeVisible();
    await settled(p);
    for (const f of await seriousFindings(p)) findings.push(`media preview ${size}: ${f}`);
    await p.keyboard.press('Escape');
    await p.getByRole('button', { name: /^Jobs/ }).click();
    await expect(p.getByRole('dialog', { name: 'Jobs' })).toBeVisible();
    await settled(p);
    for (const f of await seriousFindings(p)) findings.push(`jobs list ${size}: ${f}`);
    await p.keyboard.press('Escape');
    await ctx.close();
  }
  expect(findings).toEqual([]);
});

test('at 200 % zoom (640×400 CSS px) the sidebar folds and no page scrolls sideways', async ({ browser }) => {
  test.setTimeout(300_000);
  const ctx = await newLoggedInContext(browser, await apiToken(), { width: 640, height: 400 });
  const p = await ctx.newPage();
  for (const [name, url, ready] of PAGES) {
    await p.goto(url);
    await ready(p);
    await p.waitForLoadState('networkidle');
    await settled(p);
    const sidebarWidth = await p.locator('.RaSidebar-fixed').evaluate((el) => el.getBoundingClientRect().width);
    expect(sidebarWidth, `${name}: the sidebar is folded to its icon rail`).toBeLessThan(80);
    await expectNoSidewaysScroll(p, `${name} at 640×400`);
    await p.screenshot({ path: path.join(SHOTS, `zoom200-${name}.png`), fullPage: true });
  }
  await ctx.close();
});

test('on a phone every admin control is at least 24×24 px (WCAG 2.5.8)', async ({ browser }) => {
  test.setTimeout(300_000);
  const ctx = await newLoggedInContext(browser, await apiToken(), MOBILE);
  const p = await ctx.newPage();
  const found: Record<string, string[]> = {};
  for (const [name, url, ready] of PAGES) {
    await p.goto(url);
    await ready(p);
    await p.waitForLoadState('networkidle');
    await settled(p);
    found[name] = await p.evaluate(smallTargets, 24);
  }
  // what opens over a page: the jobs list and the sidebar's menu
  await p.getByRole('button', { name: /^Jobs/ }).click();
  await expect(p.getByRole('dialog', { name: 'Jobs' })).toBeVisible();
  await settled(p);
  found['jobs list'] = await p.evaluate(smallTargets, 24);
  await p.keyboard.press('Escape');
  await p.getByRole('button', { name: 'Open menu' }).click();
  await expect(p.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await settled(p);
  found['menu'] = await p.evaluate(smallTargets, 24);
  expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  await ctx.close();
});
