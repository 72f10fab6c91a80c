import { thumbHashToDataURL } from 'thumbhash';
import type { components } from '@vibe/contract/client';

/**
 * The rendition fields the API adds to every media object (issue 19), as the generated contract
 * names them. All are null until the background job has made them (absent in the tests' smaller
 * objects). Screens show renditions only, never the original (issue 26): an item without them is
 * shown by its placeholder as "processing".
 */
export type MediaRenditions = Partial<
  Pick<
    components['schemas']['RateItemDto'],
    'width' | 'height' | 'placeholder' | 'thumbUrl' | 'previewUrl' | 'srcset' | 'fullUrl' | 'playbackUrl'
  >
> & {
  /** My Stats: 'pending' while the renditions are being made */
  renditionsState?: components['schemas']['MediaStatDto']['renditionsState'];
};

/** The spec's fallback media dimensions (§9) while the real ones are unknown. */
export const FALLBACK_ASPECT = 16 / 9;

/** Width / height from the stored display size, or null when the server does not know it yet. */
export function storedAspect(m: MediaRenditions): number | null {
  const { width, height } = m;
  return width && height && width > 0 && height > 0 ? width / height : null;
}

const dataUrls = new Map<string, string | null>();

/** The placeholder as a data URL to paint at once (decoded once per hash); null when there is none or it is bad. */
export function placeholderUrl(placeholder: string | null | undefined): string | null {
  if (!placeholder) return null;
  let url = dataUrls.get(placeholder);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(placeholder), (c) => c.charCodeAt(0)));
    } catch {
      url = null; // a damaged hash only costs the blur, never the photo
    }
    if (dataUrls.size > 200) dataUrls.clear();
    dataUrls.set(placeholder, url);
  }
  return url;
}

/** What a grid card shows: the thumbnail; nothing (the placeholder) until it exists — never the original. */
export function cardImage(m: MediaRenditions): string | null {
  return m.thumbUrl ?? null;
}

/**
 * What the full-size overlay and the detail view open: a photo's full-size rendition (≤ 2560 px,
 * the preview for items made before it existed), a video's playback file. Never the original.
 */
export function fullSizeUrl(m: MediaRenditions & { mimeType: string }): string | null {
  return m.mimeType.toLowerCase().startsWith('video/') ? (m.playbackUrl ?? null) : (m.fullUrl ?? m.previewUrl ?? null);
}

/** Its renditions are still being made: shown by its placeholder, with "Processing". */
export const isProcessing = (m: MediaRenditions): boolean => m.renditionsState === 'pending';
