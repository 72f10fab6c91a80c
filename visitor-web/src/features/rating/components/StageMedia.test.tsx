import { fireEvent, render, screen } from '@testing-library/react';
import { rgbaToThumbHash } from 'thumbhash';
import { describe, expect, it, vi } from 'vitest';
import type { RateItem } from '../../../api/types';
import { StageMedia } from './StageMedia';

const base: RateItem = {
  id: 1,
  url: '/media/a.jpg',
  mimeType: 'image/jpeg',
  totalVotes: 0,
  hotPercentage: 0,
  notPercentage: 0,
  userHasVoted: false,
  // no renditions yet: the original is shown
  width: null,
  height: null,
  placeholder: null,
  thumbUrl: null,
  previewUrl: null,
  srcset: null,
  fullUrl: null,
  playbackUrl: null,
};
// a real ThumbHash of a 3×4 portrait, base64 as the API sends it
const hash = btoa(String.fromCharCode(...rgbaToThumbHash(3, 4, new Uint8Array(3 * 4 * 4).fill(200))));
const frame = (c: HTMLElement) => c.querySelector<HTMLElement>('[data-testid=rate-frame]')!;

describe('StageMedia', () => {
  it('shows the preview in a frame of the stored aspect, the placeholder painted behind it, with srcset and sizes', () => {
    const item: RateItem = {
      ...base,
      width: 1170,
      height: 2532,
      placeholder: hash,
      previewUrl: '/media/renditions/a/preview-1.webp',
      srcset: '/media/renditions/a/thumb-1.webp 222w, /media/renditions/a/preview-1.webp 665w',
    };
    const { container } = render(<StageMedia item={item} areaHeight={610} onLoad={() => {}} onError={() => {}} />);
    const img = screen.getByAltText('Photo to rate');
    expect(img.getAttribute('src')).toBe('/media/renditions/a/preview-1.webp');
    expect(img.getAttribute('srcset')).toBe(item.srcset);
    // a 1170×2532 screenshot in a 610 px high area is 282 px wide
    expect(img.getAttribute('sizes')).toBe('min(100vw, 282px)');
    expect(Number(frame(container).style.getPropertyValue('--aspect'))).toBeCloseTo(1170 / 2532, 5);
    expect(frame(container).style.backgroundImage).toMatch(/^url\("?data:image\/png;base64,/);
  });

  it('without renditions shows the original as before, and takes its aspect from the loaded file', () => {
    const onLoad = vi.fn();
    const { container } = render(<StageMedia item={base} areaHeight={610} onLoad={onLoad} onError={() => {}} />);
    const img = screen.getByAltText<HTMLImageElement>('Photo to rate');
    expect(img.getAttribute('src')).toBe('/media/a.jpg');
    expect(img.hasAttribute('srcset')).toBe(false);
    expect(frame(container).style.getPropertyValue('--aspect')).toBe(String(16 / 9)); // the spec's fallback
    expect(frame(container).style.backgroundImage).toBe('');
    Object.defineProperty(img, 'naturalWidth', { value: 3024 });
    Object.defineProperty(img, 'naturalHeight', { value: 4032 });
    fireEvent.load(img);
    expect(onLoad).toHaveBeenCalled();
    expect(Number(frame(container).style.getPropertyValue('--aspect'))).toBeCloseTo(0.75, 5);
  });

  it('a video shows its poster and plays the playback file, never preloading all of it', () => {
    const item: RateItem = {
      ...base,
      url: '/media/v.mp4',
      mimeType: 'video/mp4',
      width: 1080,
      height: 1920,
      previewUrl: '/media/renditions/v/preview-1.webp',
      playbackUrl: '/media/renditions/v/playback-1.mp4',
    };
    const { container } = render(<StageMedia item={item} areaHeight={454} onLoad={() => {}} onError={() => {}} />);
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/renditions/v/playback-1.mp4');
    expect(video.getAttribute('poster')).toBe('/media/renditions/v/preview-1.webp');
    expect(video.getAttribute('preload')).toBe('metadata');
    expect(Number(frame(container).style.getPropertyValue('--aspect'))).toBeCloseTo(1080 / 1920, 5);
  });

  it('a video without renditions plays the original with no poster, as before', () => {
    const onError = vi.fn();
    const { container } = render(
      <StageMedia
        item={{ ...base, url: '/media/v.mp4', mimeType: 'video/mp4' }}
        areaHeight={454}
        onLoad={() => {}}
        onError={onError}
      />,
    );
    const video = container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/v.mp4');
    expect(video.hasAttribute('poster')).toBe(false);
    fireEvent.error(video);
    expect(onError).toHaveBeenCalled();
  });
});
