import { useCallback, useEffect, useRef, useState, type CSSProperties, type Ref } from 'react';
import { isVideo } from '../../../components/MediaView';
import { FALLBACK_ASPECT, placeholderUrl, storedAspect } from '../../../lib/renditions';
import type { RateItem } from '../../../api/types';
import { stageSizes } from '../hooks/use-media-area-height';
import { releaseVideo } from '../hooks/preload';

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
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const aspect = storedAspect(item) ?? (natural ? natural.w / natural.h : null) ?? FALLBACK_ASPECT;
  const size = item.width && item.height ? { w: item.width, h: item.height } : natural;
  // the placeholder goes once the picture has painted: a transparent PNG must not show it through
  const [painted, setPainted] = useState(false);
  const placeholder = painted ? null : placeholderUrl(item.placeholder);
  const frameStyle = {
    '--aspect': aspect,
    // a small picture is shown at most at twice its size, not blown up to the stage
    ...(size && !isVideo(item.mimeType) ? { '--max-w': `${size.w * 2}px`, '--max-h': `${size.h * 2}px` } : {}),
    backgroundImage: placeholder ? `url(${placeholder})` : undefined,
  } as CSSProperties;
  const measured = (w: number, h: number) => {
    if (w > 0 && h > 0) setNatural({ w, h });
  };
  const opened = useRef(false);
  const loaded = (el: HTMLElement) => {
    if (opened.current) return;
    opened.current = true;
    onLoad();
    // once the picture's fade-in has run (or, with no transition, after the frame that shows it)
    if (parseFloat(getComputedStyle(el).transitionDuration) > 0)
      el.addEventListener('transitionend', () => setPainted(true), { once: true });
    else requestAnimationFrame(() => requestAnimationFrame(() => setPainted(true)));
  };

  // Leaving the item lets its video go: without this a video voted away on a slow link keeps
  // downloading (issue 29: 974 KB in the 25 s after the vote), starving the next item.
  const ownVideo = useRef<HTMLVideoElement | null>(null);
  const setVideo = useCallback(
    (el: HTMLVideoElement | null) => {
      ownVideo.current = el;
      if (typeof videoRef === 'function') videoRef(el);
      else if (videoRef) (videoRef as { current: HTMLVideoElement | null }).current = el;
    },
    [videoRef],
  );
  const source = item.playbackUrl ?? item.url;
  useEffect(() => {
    // (a development remount after the release below gets its source back)
    const v = ownVideo.current;
    if (v && !v.getAttribute('src')) v.src = source;
    return () => {
      if (v) releaseVideo(v);
    };
  }, [source]);

  // A video's poster (its first frame, preloaded with the pick) is what the visitor sees first:
  // voting opens once it is decoded, not when the playback file has its first frame. On slow 3G
  // that took 13–15 s (issue 29), all of it with the poster already on screen.
  const poster = isVideo(item.mimeType) ? item.previewUrl : null;
  useEffect(() => {
    if (!poster) return;
    let live = true;
    const img = new Image();
    img.src = poster;
    const decoded =
      typeof img.decode === 'function'
        ? img.decode()
        : new Promise((resolve, reject) => {
            img.onload = resolve;
            img.onerror = reject;
          });
    decoded.then(
      () => live && ownVideo.current && loaded(ownVideo.current),
      () => undefined, // a broken poster: the video's own first frame opens voting
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per poster; `loaded` is idempotent
  }, [poster]);

  return (
    <span className="rate__frame" style={frameStyle} data-testid="rate-frame">
      {isVideo(item.mimeType) ? (
        <video
          className={`rate__media-el${item.previewUrl ? ' rate__media-el--poster' : ''}`}
          src={source}
          poster={item.previewUrl ?? undefined}
          ref={setVideo}
          autoPlay={autoPlay}
          muted
          loop
          playsInline
          preload="metadata"
          aria-label="Video to rate"
          onLoadedMetadata={(e) => {
            measured(e.currentTarget.videoWidth, e.currentTarget.videoHeight);
            // not playing by itself: its poster or first frame is what the visitor rates
            if (!autoPlay) loaded(e.currentTarget);
          }}
          onLoadedData={(e) => loaded(e.currentTarget)}
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
            loaded(e.currentTarget);
          }}
          onError={onError}
        />
      )}
    </span>
  );
}
