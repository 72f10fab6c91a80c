import type { Page } from '@playwright/test';
import { ApiVisitor, expect, files, loadedMediaId, newContext, newPage, seed, shot, test } from './fixtures';

/**
 * Issue 31: on a phone every control a visitor touches is at least 44×44 CSS px (WCAG 2.5.5):
 * every visible button, link, input (or the label that wraps it), on every screen and in the
 * menus and dialogs a thumb opens. Links inside a sentence are exempt, as WCAG says.
 */
const MIN = 44;

function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const out: string[] = [];
    const controls = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary';
    for (const el of document.querySelectorAll<HTMLElement>(controls)) {
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (el.tagName === 'A' && el.closest('p')) continue;
      // a control inside a label: the label is what the thumb hits
      const r = (el.closest('label') ?? el).getBoundingClientRect();
      // off the page (the skip link until focused) or a screen-reader-only control
      if (r.bottom <= 0 || r.width <= 2 || r.height <= 2) continue;
      if (r.width < min - 0.5 || r.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
      }
    }
    return out;
  }, MIN);
}

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
  found['/'] = await smallTargets(page);
  await page.locator('[data-testid=mobile-avatar]').click();
  await page.locator('[data-testid=avatar-menu]').waitFor();
  found['avatar menu'] = await smallTargets(page);
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Report/ })
    .first()
    .click();
  await page.getByRole('dialog').waitFor();
  found['report dialog'] = await smallTargets(page);
  await shot(page, 'targets-report-dialog');
  await page.keyboard.press('Escape');
  for (const route of ['/upload', '/stats', '/profile']) {
    await page.goto(route);
    await page.locator('main').waitFor();
    if (route === '/stats') await page.locator('[data-testid=media-card]').first().waitFor();
    if (route === '/profile') await page.locator('form').first().waitFor();
    found[route] = await smallTargets(page);
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
