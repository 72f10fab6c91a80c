import type { RateItem } from '../../../api/types';

/** The spec's cache of the next pick (§7, §9): 30 s. */
export const NEXT_CACHE_MS = 30_000;

export type PreloadState = 'loading' | 'loaded' | 'failed';

export interface Preload {
  state: PreloadState;
  /** When it finished loading or failed. */
  settledAt: number | null;
  /** Held so the browser keeps what it is fetching and decoding for the swap. */
  elements: (HTMLImageElement | HTMLVideoElement)[];
}

/**
 * Whether the prefetched next pick may still be swapped in. The spec caches it 30 s; on a slow
 * link its preview may still be downloading then, and dropping it would throw those bytes away
 * for a new pick that starts from nothing. So it is kept while its media is loading, and its
 * 30 s count from when the pick was answered or its media finished loading, whichever is later.
 * A pick whose media failed is never swapped in.
 */
export function prefetchUsable(fetchedAt: number, preload: Preload | undefined, now: number): boolean {
  if (preload?.state === 'failed') return false;
  if (preload?.state === 'loading') return true;
  return now - Math.max(fetchedAt, preload?.settledAt ?? 0) < NEXT_CACHE_MS;
}

/** Phones (narrow or touch) get no whole-video downloads ahead of time: metadata only. */
export function phoneLike(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767px), (pointer: coarse)').matches;
}

/**
 * A link the browser says is slow or metered (Network Information API, where there is one): the
 * next video's metadata only, as on a phone, so nothing competes with the item on screen.
 */
export function slowLink(): boolean {
  const c = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return !!c && (c.saveData === true || ['slow-2g', '2g', '3g'].includes(c.effectiveType ?? ''));
}

/** Stops a video's download for good: no source left to fetch (src removed, load()). */
export function releaseVideo(v: HTMLVideoElement): void {
  v.pause();
  v.removeAttribute('src');
  v.load();
}

/** A preload no longer wanted (swapped in, or too old): its video stops downloading. */
export function dropPreload(p: Preload): void {
  for (const el of p.elements) if (el instanceof HTMLVideoElement) releaseVideo(el);
}

function preloadImage(src: string, srcset: string | null | undefined, sizes: string, settle: (ok: boolean) => void) {
  const img = new Image();
  img.decoding = 'async';
  // sizes and srcset as on the stage, so the browser picks the same file the stage will ask for
  if (srcset) {
    img.sizes = sizes;
    img.srcset = srcset;
  }
  img.src = src;
  // decoded ahead, not only downloaded: a photo takes tens of ms to decode, which would otherwise
  // fall between the vote and the paint
  if (typeof img.decode === 'function')
    img.decode().then(
      () => settle(true),
      () => settle(false),
    );
  else {
    img.onload = () => settle(true);
    img.onerror = () => settle(false);
  }
  return img;
}

/**
 * Starts loading what the stage will show for `item`: the preview (or the original) of a photo;
 * a video's poster, and its playback file – whole on a desktop; on a phone or slow link the poster
 * alone (the playback file's metadata when there is no poster).
 */
export function preloadMedia(
  item: RateItem,
  { sizes, phone, onSettle }: { sizes: string; phone: boolean; onSettle: (p: Preload) => void },
): Preload | null {
  const p: Preload = { state: 'loading', settledAt: null, elements: [] };
  const settle = (ok: boolean) => {
    if (p.state !== 'loading') return;
    p.state = ok ? 'loaded' : 'failed';
    p.settledAt = Date.now();
    onSettle(p);
  };
  if (item.mimeType.startsWith('image/')) {
    p.elements.push(preloadImage(item.previewUrl ?? item.url, item.srcset, sizes, settle));
  } else if (item.mimeType.startsWith('video/')) {
    // the poster is what paints first: ready once it is decoded (a broken poster does not fail the video)
    if (item.previewUrl) p.elements.push(preloadImage(item.previewUrl, null, sizes, (ok) => ok && settle(true)));
    // On a phone or slow link voting opens on the poster (StageMedia), so the poster is all that
    // is fetched ahead: even a metadata-only request of the next video competed with the item on
    // screen for the link (issue 29, slow 3G: Hot→next on a video took ~3 s with it).
    if (phone && item.previewUrl) return p;
    const video = document.createElement('video');
    video.preload = phone ? 'metadata' : 'auto';
    video.muted = true;
    video.onerror = () => settle(false);
    video.onloadeddata = () => settle(true);
    if (phone) video.onloadedmetadata = () => settle(true);
    video.src = item.playbackUrl ?? item.url;
    p.elements.push(video);
  } else return null;
  return p;
}

/**
 * The first item's picture is asked for the moment its pick arrives, with the stage's own
 * srcset/sizes and a high priority, before React has rendered the stage: no waterfall behind the
 * render (a `<link rel=preload>` the stage's `<img>` then finds in the preload cache).
 */
export function hintFirstPicture(item: RateItem, sizes: string): void {
  if (!item.mimeType.startsWith('image/') && !item.previewUrl) return;
  const href = item.mimeType.startsWith('image/') ? (item.previewUrl ?? item.url) : item.previewUrl!;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  if (item.mimeType.startsWith('image/') && item.srcset) {
    link.imageSrcset = item.srcset;
    link.imageSizes = sizes;
  }
  link.fetchPriority = 'high';
  document.head.appendChild(link);
}
