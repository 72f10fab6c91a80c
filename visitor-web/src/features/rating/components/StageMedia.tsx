import { useState, type CSSProperties, type Ref } from 'react';
import { isVideo } from '../../../components/MediaView';
import { FALLBACK_ASPECT, placeholderUrl, storedAspect } from '../../../lib/renditions';
import type { RateItem } from '../../../api/types';
import { stageSizes } from '../hooks/use-media-area-height';

interface StageMediaProps {
  item: RateItem;
  /** The media area's height in px (spec §9). */
  areaHeight: number;
  onLoad: () => void;
  onError: () => void;
  /** Videos play by themselves, muted and looping, unless the visitor asked for less motion. */
  autoPlay?: boolean;
  videoRef?: Ref<HTMLVideoElement>;
  onPlayingChange?: (playing: boolean) => void;
}

/**
 * The photo or video to rate, whole: a frame with the media's own aspect, as large as the media
 * area allows (CSS container units against the stage), the placeholder painted in it at once and
 * the preview (or the original, until renditions exist) over it once loaded. A video shows its
 * poster and plays its playback file.
 */
export function StageMedia({
  item,
  areaHeight,
  onLoad,
  onError,
  autoPlay = true,
  videoRef,
  onPlayingChange,
}: StageMediaProps) {
  // the stored display size; until the server knows it, the loaded file's own
  const [natural, setNatural] = useState<number | null>(null);
  const aspect = storedAspect(item) ?? natural ?? FALLBACK_ASPECT;
  const placeholder = placeholderUrl(item.placeholder);
  const frameStyle = {
    '--aspect': aspect,
    backgroundImage: placeholder ? `url(${placeholder})` : undefined,
  } as CSSProperties;
  const measured = (w: number, h: number) => {
    if (w > 0 && h > 0) setNatural(w / h);
  };

  return (
    <span className="rate__frame" style={frameStyle} data-testid="rate-frame">
      {isVideo(item.mimeType) ? (
        <video
          className={`rate__media-el${item.previewUrl ? ' rate__media-el--poster' : ''}`}
          src={item.playbackUrl ?? item.url}
          poster={item.previewUrl ?? undefined}
          ref={videoRef}
          autoPlay={autoPlay}
          muted
          loop
          playsInline
          preload="metadata"
          aria-label="Video to rate"
          onLoadedMetadata={(e) => {
            measured(e.currentTarget.videoWidth, e.currentTarget.videoHeight);
            // not playing by itself: its poster or first frame is what the visitor rates
            if (!autoPlay) onLoad();
          }}
          onLoadedData={onLoad}
          onPlay={() => onPlayingChange?.(true)}
          onPause={() => onPlayingChange?.(false)}
          onError={onError}
        />
      ) : (
        <img
          className="rate__media-el"
          src={item.previewUrl ?? item.url}
          srcSet={item.srcset ?? undefined}
          sizes={item.srcset ? stageSizes(areaHeight, aspect) : undefined}
          alt="Photo to rate"
          decoding="async"
          fetchPriority="high"
          onLoad={(e) => {
            measured(e.currentTarget.naturalWidth, e.currentTarget.naturalHeight);
            onLoad();
          }}
          onError={onError}
        />
      )}
    </span>
  );
}
