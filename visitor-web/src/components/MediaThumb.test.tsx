import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MediaThumb } from './MediaThumb';

const img = (c: HTMLElement) => c.querySelector('img');

describe('MediaThumb (grid cards)', () => {
  it('loads the thumbnail lazily, not the original', () => {
    const { container } = render(
      <MediaThumb media={{ mimeType: 'image/jpeg', thumbUrl: '/media/renditions/a/thumb-1.webp' }} />,
    );
    expect(img(container)?.getAttribute('src')).toBe('/media/renditions/a/thumb-1.webp');
    expect(img(container)?.getAttribute('loading')).toBe('lazy');
  });

  it('shows a photo still processing by its placeholder and "Processing…", never by its original', () => {
    const { container } = render(
      <MediaThumb
        media={{
          mimeType: 'image/jpeg',
          thumbUrl: null,
          renditionsState: 'pending',
          placeholder: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw',
        }}
      />,
    );
    expect(img(container)).toBeNull();
    expect(screen.getByTestId('media-processing')).toHaveTextContent('Processing…');
    expect(screen.getByTestId('media-thumb').getAttribute('style')).toMatch(/data:image\/png/);
  });

  it('never puts a video file in a card: its poster thumbnail with a play mark, or a tile with the mark', () => {
    const withPoster = render(
      <MediaThumb media={{ mimeType: 'video/mp4', thumbUrl: '/media/renditions/v/thumb-1.webp' }} />,
    );
    expect(withPoster.container.querySelector('video')).toBeNull();
    expect(img(withPoster.container)?.getAttribute('src')).toBe('/media/renditions/v/thumb-1.webp');
    expect(withPoster.container.querySelector('.media-thumb__play')).not.toBeNull();
    const noPoster = render(<MediaThumb media={{ mimeType: 'video/mp4', renditionsState: 'failed' }} />);
    expect(noPoster.container.querySelector('video')).toBeNull();
    expect(img(noPoster.container)).toBeNull();
    expect(noPoster.container.querySelector('.media-thumb__play')).not.toBeNull();
  });

  it('says "Image unavailable" when the picture fails', () => {
    const { container } = render(
      <MediaThumb media={{ mimeType: 'image/png', thumbUrl: '/media/renditions/g/t.webp' }} />,
    );
    fireEvent.error(img(container)!);
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });
});
