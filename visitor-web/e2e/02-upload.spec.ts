import type { BrowserContext, Page } from '@playwright/test';
import net from 'node:net';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import {
  ApiVisitor,
  BASE,
  SIZE,
  assert,
  auditPage,
  expect,
  expectToast,
  expectTracked,
  files,
  newContext,
  newPage,
  seed,
  shot,
  test,
} from './fixtures';

/**
 * The upload screen: the file chooser with progress to Completed, paste, drop, the 10 MB and type
 * checks, the phone layout of the queue. The visitor is a browser-made one of the setup project.
 */
test.describe.configure({ mode: 'serial' });

let ctx: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }, info) => {
  if (info.project.name !== 'desktop') return;
  ctx = await newContext(browser, 'desktop', { storageState: (await seed.browserVisitor('upload')).storageState });
  page = await newPage(ctx);
  await page.goto('/');
});
test.afterAll(async () => {
  await ctx?.close();
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
  await expectTracked(ctx, ['page_view', 'navigation', 'upload']);
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
    const c = await newContext(browser, 'phone', {
      storageState: (await seed.browserVisitor('upload-phone')).storageState,
    });
    const mpage = await newPage(c);
    await mpage.goto('/upload');
    await mpage.getByRole('heading', { name: 'Upload Media' }).waitFor();
    await mpage.locator('[data-testid=file-input]').setInputFiles([fx.longName, fx.mine, fx.tiny]);
    const row = mpage.locator('[data-testid=queue-item]').filter({ hasText: 'IMG_20250614' });
    await row.waitFor();
    const geo = await row.evaluate((li) => {
      const r = (el: Element) => el.getBoundingClientRect();
      const card = r(li);
      // the base name is cut, the extension stays whole beside it (issue 31)
      const base = li.querySelector('.file-name__base')!;
      const extension = li.querySelector('.file-name__extension')!;
      return {
        card: { left: card.left, right: card.right },
        badge: r(li.querySelector('[data-testid=queue-status]')!),
        bar: r(li.querySelector('[role=progressbar]')!),
        extensionBox: r(extension),
        cut: base.scrollWidth > base.clientWidth,
        extension: extension.textContent,
        title: li.querySelector('.file-name')!.getAttribute('title'),
      };
    });
    for (const [what, box] of [
      ['status badge', geo.badge],
      ['progress bar', geo.bar],
      ['file extension', geo.extensionBox],
    ] as const)
      assert(
        box.left >= geo.card.left && box.right <= geo.card.right + 0.5,
        `${what} ${Math.round(box.left)}–${Math.round(box.right)} outside the card ${geo.card.left}–${geo.card.right}`,
      );
    assert(geo.cut, 'the long name is not cut');
    expect(geo.extension, 'the extension shown whole').toBe(path.extname(fx.longName));
    expect(geo.title, 'tooltip').toBe(path.basename(fx.longName));
    const tinyRow = await mpage.locator('[data-testid=queue-item]').filter({ hasText: 'tiny-dot.png' }).innerText();
    expect(tinyRow, 'tiny file row').toMatch(/\b\d+\u00a0B\b/);
    expect(await mpage.locator('body').innerText(), 'a size still reads 0.00 MB').not.toContain('0.00');
    await shot(mpage, 'upload');
    await c.close();
  },
);

/**
 * A TCP proxy in front of the app that, while armed, breaks every upload request: `cut` closes
 * the socket after the first 256 KB of the request (the file never fully reaches the server),
 * `drop` lets the whole request through and closes the socket as the answer starts (the file is
 * stored, the browser never hears so). Everything else passes untouched.
 */
async function startFlakyProxy() {
  const upstream = new URL(BASE);
  const state: { mode: 'off' | 'cut' | 'drop'; broken: number } = { mode: 'off', broken: 0 };
  const server = net.createServer((client) => {
    const api = net.connect(Number(upstream.port), upstream.hostname);
    let uploading = false;
    let sent = 0;
    const kill = () => {
      state.broken++;
      client.destroy();
      api.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (!uploading && state.mode !== 'off' && chunk.includes('POST /api/media/upload ')) uploading = true;
      if (uploading && state.mode === 'cut') {
        const room = 256 * 1024 - sent;
        sent += chunk.length;
        if (room <= chunk.length) {
          api.write(chunk.subarray(0, Math.max(0, room)));
          kill();
          return;
        }
      }
      api.write(chunk);
    });
    api.on('data', (chunk: Buffer) => {
      if (uploading && state.mode === 'drop') return kill();
      client.write(chunk);
    });
    client.on('error', () => api.destroy());
    api.on('error', () => client.destroy());
    client.on('close', () => api.destroy());
    api.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, state, close: () => new Promise((r) => server.close(r)) };
}

test('an upload dropped mid-way offers Retry, counts as failed, and is stored once after the retry', async ({
  browser,
}, info) => {
  const fx = await files();
  const proxy = await startFlakyProxy();
  const c = await newContext(browser, info.project.name === 'phone' ? 'phone' : 'desktop', {
    baseURL: proxy.origin,
  });
  const p = await newPage(c);
  try {
    // a new visitor on the proxy's origin: uploads need the session the app starts
    const session = p.waitForResponse((r) => r.url().endsWith('/api/session') && r.request().method() === 'POST');
    await p.goto('/upload');
    await p.getByRole('heading', { name: 'Upload Media' }).waitFor();
    expect((await session).ok()).toBe(true);
    const big = path.basename(fx.big);
    const small = path.basename(fx.seed[1]!);
    const row = (name: string) => p.locator('[data-testid=queue-item]').filter({ hasText: name });

    // 1. the socket closes while the file is still being sent
    proxy.state.mode = 'cut';
    await p.locator('[data-testid=file-input]').setInputFiles([fx.big]);
    await row(big)
      .getByRole('button', { name: `Upload ${big}` })
      .click();
    await expect(row(big)).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(row(big).getByTestId('queue-error')).toHaveText('Network error during upload');
    await expect(row(big).getByRole('button', { name: `Retry ${big}` })).toBeEnabled();
    await expect(row(big).getByRole('button', { name: `Remove ${big}` })).toBeEnabled();

    // 2. the file reaches the server and is stored, but the answer never comes back
    proxy.state.mode = 'drop';
    await p.locator('[data-testid=file-input]').setInputFiles([fx.seed[1]!]);
    await row(small)
      .getByRole('button', { name: `Upload ${small}` })
      .click();
    await expect(row(small)).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(p.getByTestId('queue-counts')).toHaveText('0 pending · 2 failed');
    await expect(p.getByRole('button', { name: 'Upload All' })).toBeEnabled();
    assert(proxy.state.broken >= 2, `the proxy broke ${proxy.state.broken} uploads`);
    await shot(p, 'upload-failed');

    // 3. the network is back: Upload All retries both, with each file's own Idempotency-Key
    proxy.state.mode = 'off';
    const keys: string[] = [];
    p.on('request', (r) => {
      if (r.url().endsWith('/api/media/upload')) keys.push(r.headers()['idempotency-key'] ?? '');
    });
    await p.getByRole('button', { name: 'Upload All' }).click();
    for (const name of [big, small])
      await expect(row(name)).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
    await expect(p.getByTestId('queue-counts')).toHaveText('0 pending · 2 completed');
    expect(await p.locator('[data-testid=queue-item]').count(), 'no second row for a retried file').toBe(2);

    // stored once each, though the dropped answer's file had already been stored before the retry
    const me = await ApiVisitor.of(c);
    const stats = (await me.call('GET', `/api/users/${me.user.id}/stats`)).json as {
      mediaStats: { id: number; originalName: string }[];
    };
    expect(stats.mediaStats.map((m) => m.originalName).sort()).toEqual([big, small].sort());
    // each retry carried its file's Idempotency-Key
    assert(keys.length === 2 && keys.every((k) => /^[A-Za-z0-9_-]{8,64}$/.test(k)), `keys ${keys.join(', ')}`);
    await shot(p, 'upload-retried');
    // leave the rating pool as it was
    for (const m of stats.mediaStats) await me.call('DELETE', `/api/media/${m.id}?userId=${me.user.id}`);
  } finally {
    await c.close();
    await proxy.close();
  }
});
