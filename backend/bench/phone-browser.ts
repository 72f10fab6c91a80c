import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/** Issue 19's link: 4G as DevTools emulates it (bytes per second, ms). */
export const FOUR_G = { offline: false, latency: 85, downloadThroughput: 9e6 / 8, uploadThroughput: 1.5e6 / 8 };
/** The phone the issue measured on. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
} as const;

/** The rendition fields (issue 19); nulled to see the screens as they were before renditions. */
const RENDITION_FIELDS = ['width', 'height', 'placeholder', 'thumbUrl', 'previewUrl', 'srcset', 'playbackUrl'];

function nullRenditions(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(nullRenditions);
  if (body && typeof body === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body)) out[k] = RENDITION_FIELDS.includes(k) ? null : nullRenditions(v);
    return out;
  }
  return body;
}

/**
 * Makes the context's API answers carry no renditions (null fields, as before the job made any):
 * the "originals" side of the comparison. The answers are rewritten by Playwright, which does not
 * go through the emulated link (the JSON is small; the media bytes, which matter, still do).
 */
export async function withoutRenditions(context: BrowserContext): Promise<void> {
  await context.route(/\/api\/(media\/random\/|users\/[^/]+\/stats|admin\/media)/, async (route) => {
    const res = await route.fetch();
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('json')) return route.fulfill({ response: res });
    return route.fulfill({ response: res, json: nullRenditions(await res.json()) });
  });
}

export interface Transfer {
  url: string;
  mime: string;
  bytes: number;
  done: boolean;
}

/** The page's network through CDP, on the emulated link: bytes on the wire per request (partial ones too). */
export async function emulateAndCount(page: Page): Promise<{ cdp: CDPSession; transfers: Map<string, Transfer> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  const transfers = new Map<string, Transfer>();
  cdp.on('Network.responseReceived', (e) =>
    transfers.set(e.requestId, { url: e.response.url, mime: e.response.mimeType, bytes: 0, done: false }),
  );
  cdp.on('Network.dataReceived', (e) => {
    const t = transfers.get(e.requestId);
    if (t) t.bytes += e.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = transfers.get(e.requestId);
    if (t) Object.assign(t, { bytes: Math.max(t.bytes, e.encodedDataLength), done: true });
  });
  return { cdp, transfers };
}

/** Bytes of media (images and videos) transferred so far, and by how many distinct URLs. */
export function mediaBytes(transfers: Map<string, Transfer>, since = 0): { bytes: number; urls: Set<string> } {
  let bytes = 0;
  const urls = new Set<string>();
  for (const t of [...transfers.values()].slice(since))
    if (/^(image|video)\//.test(t.mime) && !t.url.startsWith('data:')) {
      bytes += t.bytes;
      urls.add(t.url);
    }
  return { bytes, urls };
}

/** Installed before the app's scripts: the largest contentful paint, and when the stage first showed media. */
export function installPaintMarks(): void {
  const w = window as unknown as {
    __lcp: number;
    __lcpTag: string;
    __firstMedia: number | null;
    __mediaInserted: number | null;
  };
  w.__lcp = NaN;
  w.__lcpTag = '';
  w.__firstMedia = null;
  w.__mediaInserted = null;
  const seen = new MutationObserver(() => {
    if (document.querySelector('[data-testid="rate-media"] img, [data-testid="rate-media"] video')) {
      w.__mediaInserted = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
      w.__lcp = e.startTime;
      w.__lcpTag = e.element?.tagName ?? '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const check = () => {
    const stage = document.querySelector('[data-testid="rate-media"]');
    if (stage?.classList.contains('is-loaded')) {
      // the frame after the one that saw it: painted
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => (w.__firstMedia = performance.now());
        ch.port2.postMessage(null);
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

export const percentile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]! : NaN;
};
