import { useState } from 'react';
import { cardImage, isProcessing, placeholderUrl, type MediaRenditions } from '../lib/renditions';
import { ImageIcon, PlayIcon, VideoIcon } from './icons';
import { isVideo } from './MediaView';
import './media-thumb.css';

interface MediaThumbProps {
  media: MediaRenditions & { mimeType: string };
  className?: string;
}

/**
 * A grid card's picture: the server's thumbnail, loaded lazily over its placeholder. Never a
 * video file nor an original: a video shows its poster thumbnail with a play mark; an item whose
 * renditions are still being made shows its placeholder with "Processing" (issue 26).
 */
export function MediaThumb({ media, className }: MediaThumbProps) {
  const [failed, setFailed] = useState(false);
  const video = isVideo(media.mimeType);
  const src = cardImage(media);
  const placeholder = placeholderUrl(media.placeholder);
  const processing = !src && isProcessing(media);
  if (failed) {
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
  return (
    <span
      className={`media-thumb ${className ?? ''}`}
      style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
      data-testid="media-thumb"
    >
      {src ? (
        <img
          className="media-thumb__img"
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : null}
      {processing ? (
        <span className="media-thumb__processing" role="status" data-testid="media-processing">
          Processing…
        </span>
      ) : video ? (
        <span className="media-thumb__play" aria-hidden="true">
          <PlayIcon size={22} />
        </span>
      ) : null}
    </span>
  );
}
