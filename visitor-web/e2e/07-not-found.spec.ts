import { expect, test } from '@playwright/test';
import { needed, newContext, newPage, shot } from './fixtures';

/** The 404 screen. */
test('404 page says Page Not Found', { tag: '@desktop' }, async ({ browser }) => {
  const ctx = await newContext(browser, 'desktop', { storageState: needed('visitor') });
  const page = await newPage(ctx);
  await page.goto('/definitely/not/here');
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  expect(await page.title()).toMatch(/^Page Not Found/);
  await shot(page, 'not-found');
  await ctx.close();
});
