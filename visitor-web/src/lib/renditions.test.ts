import { describe, expect, it } from 'vitest';
import { cardImage, fullSizeUrl, isProcessing } from './renditions';

describe('renditions: screens never show an original', () => {
  const photo = {
    mimeType: 'image/jpeg',
    thumbUrl: '/media/renditions/p/thumb-1.webp',
    previewUrl: '/media/renditions/p/preview-1.webp',
    fullUrl: '/media/renditions/p/full-1.webp',
    playbackUrl: null,
  };
  const video = {
    mimeType: 'video/mp4',
    thumbUrl: '/media/renditions/v/thumb-1.webp',
    previewUrl: '/media/renditions/v/preview-1.webp',
    fullUrl: null,
    playbackUrl: '/media/renditions/v/playback-1.mp4',
  };

  it('opens a photo full size by its ≤ 2560 px rendition (the preview for items made before it), a video by its playback file', () => {
    expect(fullSizeUrl(photo)).toBe('/media/renditions/p/full-1.webp');
    expect(fullSizeUrl({ ...photo, fullUrl: null })).toBe('/media/renditions/p/preview-1.webp');
    expect(fullSizeUrl(video)).toBe('/media/renditions/v/playback-1.mp4');
  });

  it('has nothing to show before the renditions exist: a card paints the placeholder', () => {
    const pending = { mimeType: 'image/jpeg', thumbUrl: null, renditionsState: 'pending' as const };
    expect(fullSizeUrl(pending)).toBeNull();
    expect(cardImage(pending)).toBeNull();
    expect(isProcessing(pending)).toBe(true);
    expect(isProcessing({ ...photo, renditionsState: 'ready' })).toBe(false);
  });
});
