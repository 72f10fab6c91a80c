import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { SIZE, assert, auditPage, expectToast, files, needed, newContext, newPage, remember, shot } from './fixtures';

/**
 * The upload screen: the file chooser with progress to Completed, paste, drop, the 10 MB and type
 * checks, the phone layout of the queue. The visitor is the one the rating spec started (its
 * browser storage).
 */
test.describe.configure({ mode: 'serial' });

let ctx: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }, info) => {
  if (info.project.name !== 'desktop') return;
  ctx = await newContext(browser, 'desktop', { storageState: needed('visitor') });
  page = await newPage(ctx);
  await page.goto('/');
});
test.afterAll(async () => {
  if (!ctx) return;
  remember({ visitor: await ctx.storageState() });
  await ctx.close();
});

test('upload via the file chooser with progress to Completed', { tag: '@desktop' }, async () => {
  const fx = await files();
  assert(fx.video, 'ffmpeg is not installed: no video fixture (apt-get install ffmpeg)');
  await page.getByRole('link', { name: 'Upload Media' }).click();
  await page.waitForURL('**/upload');
  await page.getByRole('heading', { name: 'Upload Media' }).waitFor();
  const chosen = [fx.big, fx.mine, fx.video];
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator('[data-testid=dropzone]').click(),
  ]);
  await chooser.setFiles(chosen);
  await page
    .locator('[data-testid=queue-item]')
    .nth(chosen.length - 1)
    .waitFor();
  const rows = await page.locator('[data-testid=queue-item]').allInnerTexts();
  expect(rows).toHaveLength(chosen.length);
  assert(
    rows.every((r) => SIZE.test(r) && !/0\.00\sMB/.test(r) && r.includes('Pending')),
    `rows: ${JSON.stringify(rows)}`,
  );
  expect(rows[0], 'file name shown').toContain('big-noise-photo.jpg');
  await shot(page, 'upload-queue');
  await auditPage(page, '/upload');
  await page.evaluate(() => {
    const w = window as unknown as { __progress: number[] };
    w.__progress = [];
    const obs = new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role=progressbar]'))
        w.__progress.push(Number(el.getAttribute('aria-valuenow')));
    });
    obs.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  // A slower uplink, so the upload events have something to report on a local machine.
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  const all = page.getByRole('button', { name: 'Upload All' });
  await expect(all, 'Upload All with pending items').toBeEnabled();
  await all.click();
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid=queue-item]')].some(
      (e) => e.dataset.status === 'uploading',
    ),
  );
  await expect(all, 'Upload All during an upload').toBeDisabled();
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-testid=queue-item]')].every(
        (e) => e.dataset.status === 'completed' || e.dataset.status === 'error',
      ),
    null,
    { timeout: 60_000 },
  );
  const statuses = await page
    .locator('[data-testid=queue-item]')
    .evaluateAll((els) =>
      els.map(
        (e) =>
          `${(e as HTMLElement).dataset.status}:${e.querySelector('[data-testid=queue-error]')?.textContent ?? ''}`,
      ),
    );
  assert(
    statuses.every((s) => s.startsWith('completed')),
    `statuses ${statuses.join(', ')}`,
  );
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.detach();
  const progressValues = await page.evaluate(() => (window as unknown as { __progress: number[] }).__progress);
  assert(
    progressValues.some((v) => v > 0 && v < 100),
    `no intermediate progress seen (${[...new Set(progressValues)].join(',')})`,
  );
  const bars = await page
    .locator('[role=progressbar]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-valuenow')));
  expect(
    bars.every((v) => v === '100'),
    `progress ${bars.join(',')}`,
  ).toBe(true);
  await expectToast(page, 'Upload Successful', 'Your media has been uploaded successfully!');
  await expect(all, 'Upload All with nothing pending').toBeDisabled();
  await shot(page, 'upload-completed');
  test
    .info()
    .annotations.push({ type: 'upload progress values', description: [...new Set(progressValues)].join(', ') });
});

/** Pastes a file as the clipboard's image would arrive. */
async function paste(p: Page, file: string) {
  await p.evaluate(async (data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, readFileSync(file).toString('base64'));
}

test('paste an image from the clipboard queues and uploads it', { tag: '@desktop' }, async () => {
  await paste(page, (await files()).pasted);
  await expectToast(page, 'Image Pasted', 'Image from clipboard added to upload queue');
  const row = page.locator('[data-testid=queue-item][data-status=pending]').filter({ hasText: 'pasted-image-' });
  await row.waitFor();
  await row.getByRole('button', { name: /^Upload / }).click();
  await page
    .locator('[data-testid=queue-item][data-status=completed]')
    .filter({ hasText: 'pasted-image-' })
    .waitFor({ timeout: 30_000 });
});

test('a pasted image over 10 MB is rejected with Invalid File', { tag: '@desktop' }, async () => {
  await paste(page, (await files()).oversize);
  await expectToast(page, 'Invalid File', 'Image files must be under 10MB');
});

test('oversize and invalid files are rejected with their messages', { tag: '@desktop' }, async () => {
  const fx = await files();
  await page.locator('[data-testid=file-input]').setInputFiles([fx.oversize, fx.invalid]);
  const box = page.locator('[data-testid=rejected]');
  await box.waitFor();
  const text = await box.innerText();
  assert(text.includes('huge-image.png') && text.includes('Image files must be under 10MB'), `rejected: ${text}`);
  assert(text.includes('notes.txt') && /JPEG, PNG, GIF and WebP images or MP4 videos/.test(text), `rejected: ${text}`);
  const queued = await page.locator('[data-testid=queue-item]').allInnerTexts();
  assert(!queued.some((q) => q.includes('huge-image.png') || q.includes('notes.txt')), 'a rejected file was queued');
  await shot(page, 'upload');
});

test('dropping a file on the drop zone queues it; removing it', { tag: '@desktop' }, async () => {
  const fx = await files();
  const dt = await page.evaluateHandle((data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const t = new DataTransfer();
    t.items.add(new File([bytes], 'dropped-photo.jpg', { type: 'image/jpeg' }));
    return t;
  }, readFileSync(fx.seed[0]!).toString('base64'));
  await page.dispatchEvent('[data-testid=dropzone]', 'dragenter', { dataTransfer: dt });
  await page.dispatchEvent('[data-testid=dropzone]', 'dragover', { dataTransfer: dt });
  await page.dispatchEvent('[data-testid=dropzone]', 'drop', { dataTransfer: dt });
  const row = page.locator('[data-testid=queue-item][data-status=pending]').filter({ hasText: 'dropped-photo.jpg' });
  await row.waitFor();
  await row.getByRole('button', { name: /^Remove / }).click();
  await row.waitFor({ state: 'detached' });
});

test(
  'mobile upload: a long file name is cut (full name in its tooltip), badge and progress stay on the card',
  { tag: '@phone' },
  async ({ browser }) => {
    const fx = await files();
    const c = await newContext(browser, 'phone', { storageState: needed('visitor') });
    const mpage = await newPage(c);
    await mpage.goto('/upload');
    await mpage.getByRole('heading', { name: 'Upload Media' }).waitFor();
    await mpage.locator('[data-testid=file-input]').setInputFiles([fx.longName, fx.mine, fx.tiny]);
    const row = mpage.locator('[data-testid=queue-item]').filter({ hasText: 'IMG_20250614' });
    await row.waitFor();
    const geo = await row.evaluate((li) => {
      const r = (el: Element) => el.getBoundingClientRect();
      const card = r(li);
      const name = li.querySelector('.queue__name')!;
      return {
        card: { left: card.left, right: card.right },
        badge: r(li.querySelector('[data-testid=queue-status]')!),
        bar: r(li.querySelector('[role=progressbar]')!),
        cut: name.scrollWidth > name.clientWidth,
        title: name.getAttribute('title'),
      };
    });
    for (const [what, box] of [
      ['status badge', geo.badge],
      ['progress bar', geo.bar],
    ] as const)
      assert(
        box.left >= geo.card.left && box.right <= geo.card.right + 0.5,
        `${what} ${Math.round(box.left)}–${Math.round(box.right)} outside the card ${geo.card.left}–${geo.card.right}`,
      );
    assert(geo.cut, 'the long name is not cut');
    expect(geo.title, 'tooltip').toBe(path.basename(fx.longName));
    const tinyRow = await mpage.locator('[data-testid=queue-item]').filter({ hasText: 'tiny-dot.png' }).innerText();
    expect(tinyRow, 'tiny file row').toMatch(/\b\d+\u00a0B\b/);
    expect(await mpage.locator('body').innerText(), 'a size still reads 0.00 MB').not.toContain('0.00');
    await shot(mpage, 'upload');
    await c.close();
  },
);
