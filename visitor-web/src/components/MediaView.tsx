import { useState, type ReactEventHandler } from 'react';
import { ImageIcon, VideoIcon } from './icons';
import './media-view.css';

export function isVideo(mimeType: string | null | undefined): boolean {
  return (mimeType ?? '').toLowerCase().startsWith('video/');
}

interface MediaViewProps {
  /** a rendition; null while the item is still processing (then a "Processing…" tile, never the original) */
  url: string | null;
  mimeType: string;
  alt: string;
  /** Video: the still shown until it plays. */
  poster?: string | null;
  className?: string;
  /** Video: show controls (detail views) or play muted as a preview (cards). */
  controls?: boolean;
  autoPlay?: boolean;
  onLoad?: () => void;
  onError?: () => void;
  /** Show "Image unavailable" / "Video unavailable" instead of a broken element. */
  fallback?: boolean;
}

/** An image or video by MIME type, with the spec's unavailable fallback. */
export function MediaView({
  url,
  mimeType,
  alt,
  poster,
  className,
  controls = false,
  autoPlay = false,
  onLoad,
  onError,
  fallback = true,
}: MediaViewProps) {
  const [failed, setFailed] = useState(false);
  const video = isVideo(mimeType);
  const handleError: ReactEventHandler = () => {
    setFailed(true);
    onError?.();
  };
  if (url === null) {
    return (
      <div className={`media-unavailable ${className ?? ''}`} role="status" data-testid="media-processing">
        {video ? <VideoIcon size={28} /> : <ImageIcon size={28} />}
        <span>Processing…</span>
      </div>
    );
  }
  if (failed && fallback) {
    return (
      <div
        className={`media-unavailable ${className ?? ''}`}
        role="img"
        aria-label={video ? 'Video unavailable' : 'Image unavailable'}
      >
        {video ? <VideoIcon size={28} /> : <ImageIcon size={28} />}
        <span>{video ? 'Video unavailable' : 'Image unavailable'}</span>
      </div>
    );
  }
  if (video) {
    return (
      <video
        key={url}
        className={className}
        src={url}
        poster={poster ?? undefined}
        controls={controls}
        autoPlay={autoPlay}
        muted={!controls || autoPlay}
        loop={!controls}
        playsInline
        preload="metadata"
        aria-label={alt}
        onLoadedData={onLoad}
        onError={handleError}
      />
    );
  }
  return (
    <img key={url} className={className} src={url} alt={alt} onLoad={onLoad} onError={handleError} decoding="async" />
  );
}
