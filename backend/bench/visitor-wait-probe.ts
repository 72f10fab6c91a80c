/**
 * Runs inside the visitor app's page (installed with page.addInitScript before the app's own
 * scripts, so its keydown listener runs first). Everything here is serialised by Playwright:
 * no imports, no closures over module scope.
 */

/** Where the next item's media bytes came from, judged by the page's Resource Timing entries for its URL. */
export type MediaSource =
  /** fetched completely before the press: the prefetch had it */
  | 'prefetched'
  /** a fetch for it was still under way at the press */
  | 'prefetch in flight'
  /** fetched after the press from the HTTP cache (transferSize 0) */
  | 'http cache'
  /** fetched after the press over the network */
  | 'network'
  /** no entry at all: the memory cache, or a media element Chromium does not report */
  | 'unreported';

export interface WaitSample {
  mediaId: string;
  kind: 'image' | 'video';
  /** Press to the first frame painted with the next item visible, in ms. */
  waitMs: number;
  source: MediaSource;
  /** The item shown came from a pick the app requested after the press (no prefetched item was swapped in). */
  pickedAfterPress: boolean;
  /** Press to the next item's element in the page, in ms (the app's swap). */
  toElementMs: number;
  /** Press to that element's load event, in ms (bytes from cache or network). */
  toLoadMs: number;
  /** Press to the stage marked loaded (the app's re-render after the load event), in ms. */
  toMarkedMs: number;
  /** Press to the image decoded (right after the mark for a video), in ms. */
  toDecodedMs: number;
  /** Items the stage showed between the press and this one (e.g. one whose media failed to load). */
  skipped: string[];
  /** The requests of the 3 s before the press and until the paint (path, start and end from the press): to study a slow vote. */
  requests: string;
}

export interface WaitProbe {
  /** Call before pressing: the next keydown is the press the wait is measured from. */
  arm(): void;
  /** Resolves once the item after the armed one is painted. */
  settle(timeoutMs: number): Promise<WaitSample>;
}

/**
 * How "painted" is judged: the app shows an item's element at opacity 0 until its load event
 * marks the stage `is-loaded` (then fades in). The probe waits, once per animation frame, for the
 * stage to carry a new media id and `is-loaded`; for an image it also awaits `img.decode()` (the
 * pixels are ready to draw). The frame whose requestAnimationFrame callback sees both paints them;
 * a message posted from that callback runs right after the frame, and its time is the paint time.
 * The press time is the keydown event's own timeStamp (same clock as performance.now()).
 */
export function installWaitProbe(): void {
  // 50 votes make several hundred entries (picks, views, votes, media); the default buffer holds 250
  performance.setResourceTimingBufferSize(100_000);
  let armed: { fromId: string | null; pressAt: number | null } | null = null;
  window.addEventListener(
    'keydown',
    (e) => {
      if (armed && armed.pressAt === null) armed.pressAt = e.timeStamp;
    },
    { capture: true },
  );
  // when each media element entered the page and loaded, by URL
  const inserted = new Map<string, number>();
  const loaded = new Map<string, number>();
  const urlOf = (el: HTMLImageElement | HTMLVideoElement) => new URL(el.currentSrc || el.src, location.href).href;
  new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records)
      for (const node of r.addedNodes)
        if (node instanceof HTMLImageElement || node instanceof HTMLVideoElement) {
          const url = urlOf(node);
          inserted.set(url, now);
          // attached in the task that inserted it: a load, even from the memory cache, fires in a later task
          for (const type of ['load', 'loadeddata'])
            node.addEventListener(type, (e) => loaded.set(url, e.timeStamp), { once: true });
        }
  }).observe(document, { childList: true, subtree: true });
  const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
  const afterPaint = () =>
    new Promise<number>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      requestAnimationFrame(() => channel.port2.postMessage(null));
    });
  const stage = () => document.querySelector<HTMLElement>('[data-testid="rate-media"]');

  const probe: WaitProbe = {
    arm() {
      armed = { fromId: stage()?.dataset.mediaId ?? null, pressAt: null };
    },
    async settle(timeoutMs) {
      const press = armed;
      if (!press) throw new Error('settle() before arm()');
      const deadline = performance.now() + timeoutMs;
      const seen: string[] = [];
      for (;;) {
        const el = stage();
        const id = el?.dataset.mediaId;
        if (id && id !== press.fromId && !seen.includes(id)) seen.push(id);
        if (el && el.dataset.mediaId !== press.fromId && el.classList.contains('is-loaded') && press.pressAt !== null)
          break;
        if (performance.now() > deadline)
          throw new Error(`no new item painted within ${timeoutMs} ms (still ${el?.dataset.mediaId ?? 'nothing'})`);
        await nextFrame();
      }
      const markedAt = performance.now();
      const el = stage()!;
      const media = el.querySelector<HTMLImageElement | HTMLVideoElement>('img, video')!;
      if (media instanceof HTMLImageElement) await media.decode().catch(() => {});
      const decodedAt = performance.now();
      const paintedAt = await afterPaint();
      const pressAt = press.pressAt!;
      armed = null;

      const url = urlOf(media);
      const entries = performance.getEntriesByName(url, 'resource') as PerformanceResourceTiming[];
      const shownAt = inserted.get(url) ?? paintedAt;
      const picks = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (e) => e.name.includes('/api/media/random/') && e.startTime >= pressAt && e.responseEnd <= shownAt,
      );
      let source: MediaSource = 'unreported';
      if (entries.some((e) => e.responseEnd > 0 && e.responseEnd <= pressAt)) source = 'prefetched';
      else if (entries.some((e) => e.startTime < pressAt)) source = 'prefetch in flight';
      else if (entries.some((e) => e.transferSize > 0)) source = 'network';
      else if (entries.length) source = 'http cache';
      return {
        mediaId: el.dataset.mediaId!,
        kind: media instanceof HTMLImageElement ? 'image' : 'video',
        waitMs: paintedAt - pressAt,
        source,
        pickedAfterPress: picks.length > 0,
        skipped: seen.filter((id) => id !== el.dataset.mediaId),
        toElementMs: shownAt - pressAt,
        toLoadMs: (loaded.get(url) ?? NaN) - pressAt,
        toMarkedMs: markedAt - pressAt,
        toDecodedMs: decodedAt - pressAt,
        requests: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.responseEnd > pressAt - 3000 && e.startTime < paintedAt)
          .map(
            (e) =>
              `${new URL(e.name).pathname.slice(0, 40)} ${Math.round(e.startTime - pressAt)}..${Math.round(e.responseEnd - pressAt)}`,
          )
          .join(', '),
      };
    },
  };
  (window as unknown as { __waitProbe: WaitProbe }).__waitProbe = probe;
}
