import { smallTargets } from '../../scripts/e2e-small-targets';
import { ApiVisitor, expect, files, loadedMediaId, newContext, newPage, seed, shot, test } from './fixtures';

/**
 * Issue 31: on a phone every control a visitor touches is at least 44×44 CSS px (WCAG 2.5.5):
 * every visible button, link, input (or the label that wraps it), on every screen and in the
 * menus and dialogs a thumb opens. Links inside a sentence are exempt, as WCAG says.
 */
const MIN = 44;

test('phone: every control on every screen is at least 44×44 px', { tag: '@phone' }, async ({ browser }) => {
  await seed.uploader(2);
  const ctx = await newContext(browser, 'phone');
  const page = await newPage(ctx);
  await page.goto('/');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('hmv.session') ?? 'null')?.username);
  await (await ApiVisitor.of(ctx)).upload((await files()).mine, 'image/jpeg');

  const found: Record<string, string[]> = {};
  await page.goto('/');
  await loadedMediaId(page);
  found['/'] = await page.evaluate(smallTargets, MIN);
  await page.locator('[data-testid=mobile-avatar]').click();
  await page.locator('[data-testid=avatar-menu]').waitFor();
  found['avatar menu'] = await page.evaluate(smallTargets, MIN);
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Report/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  found['report dialog'] = await page.evaluate(smallTargets, MIN);
  await shot(page, 'targets-report-dialog');
  await page.keyboard.press('Escape');
  for (const route of ['/upload', '/stats', '/profile']) {
    await page.goto(route);
    await page.locator('main').waitFor();
    if (route === '/stats') await page.locator('[data-testid=media-card]').first().waitFor();
    if (route === '/profile') await page.locator('form').first().waitFor();
    found[route] = await page.evaluate(smallTargets, MIN);
  }
  expect(found).toEqual({
    '/': [],
    'avatar menu': [],
    'report dialog': [],
    '/upload': [],
    '/stats': [],
    '/profile': [],
  });
  await ctx.close();
});
