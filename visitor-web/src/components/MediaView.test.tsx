import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MediaView, isVideo } from './MediaView';

describe('MediaView', () => {
  it('treats video/ MIME types as video', () => {
    expect(isVideo('video/mp4')).toBe(true);
    expect(isVideo('image/png')).toBe(false);
  });

  it('renders an image with alt text and shows "Image unavailable" when it fails', () => {
    const onError = vi.fn();
    render(<MediaView url="/media/x.png" mimeType="image/png" alt="Beach" onError={onError} />);
    const img = screen.getByAltText('Beach');
    fireEvent.error(img);
    expect(onError).toHaveBeenCalled();
    expect(screen.getByText('Image unavailable')).toBeInTheDocument();
  });

  it('shows "Video unavailable" for a failing video', () => {
    const { container } = render(<MediaView url="/media/x.mp4" mimeType="video/mp4" alt="Clip" />);
    fireEvent.error(container.querySelector('video')!);
    expect(screen.getByText('Video unavailable')).toBeInTheDocument();
  });

  it('shows an item still processing as "Processing…", loading nothing (never the original)', () => {
    const { container } = render(<MediaView url={null} mimeType="image/jpeg" alt="Fresh" />);
    expect(screen.getByTestId('media-processing')).toHaveTextContent('Processing…');
    expect(container.querySelector('img, video')).toBeNull();
  });
});
