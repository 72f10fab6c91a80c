import { expect, newContext, newPage, seed, shot, test } from './fixtures';

/** The 404 screen, for a visitor the app has started (setup project). */
test('404 page says Page Not Found', { tag: '@desktop' }, async ({ browser }) => {
  const ctx = await newContext(browser, 'desktop', {
    storageState: (await seed.browserVisitor('not-found')).storageState,
  });
  const page = await newPage(ctx);
  await page.goto('/definitely/not/here');
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  expect(await page.title()).toMatch(/^Page Not Found/);
  await shot(page, 'not-found');
  await ctx.close();
});
