import type { BrowserContext, Page } from '@playwright/test';
import {
  MOBILE,
  MY_UPLOADS,
  SIZE,
  assert,
  auditPage,
  expect,
  expectToast,
  newContext,
  newPage,
  seed,
  shot,
  test,
  type BrowserVisitor,
} from './fixtures';

/**
 * The stats screen: totals and cards of the visitor's uploads (after two other visitors voted on
 * them), the detail dialog, delete with its confirmation, a card whose file is gone, the empty
 * state, and the phone layout. The visitor is a browser-made one of the setup project with the
 * upload spec's four uploads, made through the API.
 */
test.describe.configure({ mode: 'serial' });

let ctx: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }, info) => {
  if (info.project.name !== 'desktop') return;
  const visitor = await seed.browserVisitor('stats');
  await seed.myUploads(visitor.api);
  ctx = await newContext(browser, 'desktop', { storageState: visitor.storageState });
  page = await newPage(ctx);
  await page.goto('/');
});
test.afterAll(async () => {
  await ctx?.close();
});
/** The phone tests' visitor with the same four uploads. */
let phoneVisitor: Promise<BrowserVisitor> | undefined;
const withUploads = () =>
  (phoneVisitor ??= seed.browserVisitor('stats-phone').then(async (v) => {
    await seed.myUploads(v.api);
    return v;
  }));

test('stats show the uploads and their counts', { tag: '@desktop' }, async ({ second, third }) => {
  // two other visitors see and vote on everything of ours: one Hot, one Not
  const hot = await second.voteAllRemaining(true);
  const not = await third.voteAllRemaining(false);
  assert(hot.length >= MY_UPLOADS && not.length >= MY_UPLOADS, `seed votes ${hot.length}/${not.length}`);
  await page.getByRole('link', { name: 'My Stats' }).click();
  await page.waitForURL('**/stats');
  await page
    .locator('[data-testid=media-card]')
    .nth(MY_UPLOADS - 1)
    .waitFor();
  await expect(page.locator('[data-testid=total-uploads]')).toHaveText(String(MY_UPLOADS));
  await expect(page.locator('[data-testid=total-votes]')).toHaveText(String(MY_UPLOADS * 2));
  await expect(page.locator('[data-testid=total-views]')).toHaveText(String(MY_UPLOADS * 2));
  const card = page.locator('[data-testid=media-card]').filter({ hasText: 'my-beach-day.jpg' });
  const text = await card.innerText();
  expect(text, 'a dd/Mon/yyyy date').toMatch(/\d{2}\/(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\/\d{4}/);
  expect(text, 'a size in B, KB or MB').toMatch(SIZE);
  await expect(card.locator('[data-testid=card-votes]')).toHaveText('2');
  await expect(card.locator('[data-testid=card-views]')).toHaveText('2');
  await expect(card.locator('[data-testid=card-hot]')).toHaveText('50%');
  // 1 Hot of 2 reads "50%" like 500 of 1,000 would: the Wilson 95 % range says how little it is sure of
  await expect(card.locator('[data-testid=confidence-note]')).toHaveText('Few votes yet · likely 9–91% Hot');
  expect(text, 'Image badge').toContain('Image');
  await expect(page.locator('[data-testid=media-card]').filter({ hasText: 'tiny-clip.mp4' })).toContainText('Video');
  await page
    .locator('[data-testid=media-card] img')
    .first()
    .evaluate((i: HTMLImageElement) => i.decode());
  await shot(page, 'stats');
  await auditPage(page, '/stats');
});

test('detail dialog is titled with the original file name', { tag: '@desktop' }, async () => {
  await page.getByRole('button', { name: 'Show details for my-beach-day.jpg' }).click();
  const dialog = page.getByRole('dialog', { name: 'my-beach-day.jpg' });
  await dialog.waitFor();
  // it opens on its safe action: Enter right away closes it, never deletes
  await expect(dialog.getByRole('button', { name: 'Close', exact: true }), 'focus on Close, not Delete').toBeFocused();
  await shot(page, 'stats-detail');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
});

test('delete asks for confirmation and removes the media', { tag: '@desktop' }, async () => {
  const card = page.locator('[data-testid=media-card]').filter({ hasText: 'pasted-image-' });
  const name = (await card.locator('.media-card__name').innerText()).trim();
  await card.getByRole('button', { name: /^Delete / }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete media?' });
  await dialog.waitFor();
  await expect(dialog).toContainText(`Are you sure you want to delete "${name}"? This action cannot be undone.`);
  await shot(page, 'stats-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Media Deleted', 'Your media has been successfully deleted.');
  await card.waitFor({ state: 'detached' });
  await expect(page.locator('[data-testid=total-uploads]')).toHaveText(String(MY_UPLOADS - 1));
});

test(
  'stats: a card whose file is gone says Image unavailable (both sizes)',
  { tag: '@desktop' },
  async ({ browser, brokenPhoto }) => {
    for (const size of ['desktop', 'phone'] as const) {
      const c = await newContext(browser, size, { storageState: brokenPhoto.owner });
      const p = await newPage(c);
      await p.goto('/stats');
      await p.locator('[data-testid=media-card]').first().getByText('Image unavailable').waitFor();
      await shot(p, 'stats-unavailable');
      await c.close();
    }
  },
);

test(
  'Upload Your First Photo-style empty stats and Welcome Back look (desktop screenshots)',
  { tag: '@desktop' },
  async ({ browser }) => {
    const c = await newContext(browser, 'desktop');
    const p = await newPage(c);
    await p.goto('/stats');
    await p.getByRole('heading', { name: "You haven't uploaded any media yet" }).waitFor();
    await shot(p, 'stats-empty');
    await p.goto('/upload');
    await p.getByRole('heading', { name: 'Upload Media' }).waitFor();
    await shot(p, 'upload-empty');
    await c.close();
  },
);

test('mobile stats: each card size stays on one line with its unit', { tag: '@phone' }, async ({ browser }) => {
  const c = await newContext(browser, 'phone', { storageState: (await withUploads()).storageState });
  const mpage = await newPage(c);
  await mpage.goto('/stats');
  await mpage.locator('[data-testid=media-card]').first().waitFor();
  const sizes = await mpage.locator('.media-card__meta > span:first-child').evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return { text: el.textContent ?? '', lines: lines.size };
    }),
  );
  expect(sizes.length, 'sizes on the cards').toBeGreaterThan(0);
  for (const sz of sizes) assert(sz.lines === 1 && SIZE.test(sz.text), `size "${sz.text}" on ${sz.lines} lines`);
  await c.close();
});

test('mobile: stats detail and profile dialogs fit the screen', { tag: '@phone' }, async ({ browser }) => {
  const c = await newContext(browser, 'phone', { storageState: (await withUploads()).storageState });
  const mpage = await newPage(c);
  await mpage.goto('/stats');
  await mpage.locator('[data-testid=media-card]').first().locator('.media-card__open').click();
  const d = mpage.getByRole('dialog');
  await d.waitFor();
  await shot(mpage, 'stats-detail');
  const box = (await d.boundingBox())!;
  assert(
    box.x >= -1 && box.x + box.width <= MOBILE.width + 1,
    `dialog box ${JSON.stringify(box)} wider than the phone`,
  );
  await c.close();
});
