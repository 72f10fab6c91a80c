import { thumbHashToDataURL } from 'thumbhash';
import type { components } from '@vibe/contract/client';

/**
 * The rendition fields the API adds to every media object (issue 19), as the generated contract
 * names them. All are null until the background job has made them (absent in the tests' smaller
 * objects): a screen then shows `url`.
 */
export type MediaRenditions = Partial<
  Pick<
    components['schemas']['RateItemDto'],
    'width' | 'height' | 'placeholder' | 'thumbUrl' | 'previewUrl' | 'srcset' | 'playbackUrl'
  >
>;

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

/** What a grid card shows: the thumbnail, or for a photo without one yet the original (never a video file). */
export function cardImage(m: MediaRenditions & { url: string; mimeType: string }): string | null {
  if (m.thumbUrl) return m.thumbUrl;
  return m.mimeType.toLowerCase().startsWith('video/') ? null : m.url;
}
