import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isVideo } from '../../../components/MediaView';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import {
  ExpandIcon,
  FlameIcon,
  ImageIcon,
  RefreshIcon,
  SkipIcon,
  SnowIcon,
  CheckIcon,
  PauseIcon,
  PlayIcon,
} from '../../../components/icons';
import type { Id } from '../../../api/types';
import { useRating } from '../hooks/use-rating';
import { useMediaAreaHeight } from '../hooks/use-media-area-height';
import { useSwipeVote } from '../hooks/use-swipe-vote';
import { usePrefersReducedMotion } from '../../../lib/reduced-motion';
import { ratingKeyAction } from '../hooks/keyboard';
import { MediaOverlay } from './MediaOverlay';
import { ResultsPanel } from './ResultsPanel';
import { StageMedia } from './StageMedia';
import { ReportButton, ReportDialog } from './ReportDialog';
import { fullSizeUrl } from '../../../lib/renditions';
import './rating-view.css';

const RELOADED_KEY = 'hmv.reloadedFor';

export function RatingView({
  userId,
  shareId,
  adSlot,
}: {
  userId: Id | undefined;
  /** /r/{shareId}: that link's item first */
  shareId?: string;
  adSlot?: ReactNode;
}) {
  const r = useRating(userId, shareId);
  const height = useMediaAreaHeight();
  const [overlayOpen, setOverlayOpen] = useState(false);
  const [reporting, setReporting] = useState<Id | null>(null);
  const mediaButton = useRef<HTMLButtonElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const actions = useRef(r);
  actions.current = r;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || actions.current.status !== 'ready') return;
      const action = ratingKeyAction(e);
      if (!action) return;
      e.preventDefault();
      if (action === 'skip') actions.current.skip();
      else actions.current.vote(action === 'hot');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const item = r.item;
  const itemId = item ? String(item.id) : '';
  const loaded = r.shown;
  const canVote = loaded && !r.isSwapping;
  const swipe = useSwipeVote({ canVote, onVote: r.vote, reducedMotion });

  // A type the app cannot show: reload once (spec), then skip it instead of looping.
  const unknownType = item !== null && !item.mimeType.startsWith('image/') && !isVideo(item.mimeType);
  useEffect(() => {
    if (!unknownType) return;
    if (sessionStorage.getItem(RELOADED_KEY) === itemId) {
      actions.current.onMediaError();
      return;
    }
    sessionStorage.setItem(RELOADED_KEY, itemId);
    window.location.reload();
  }, [unknownType, itemId]);

  // Skip sits in the vote row (on a phone it must show above the tab bar at first paint), the ad
  // zone under it (spec), the results after them.
  const side = (actions: ReactNode, results?: ReactNode) => (
    <aside className="rate__panel">
      {actions}
      {adSlot ? <div className="rate__ad">{adSlot}</div> : null}
      {results}
    </aside>
  );

  if (r.status === 'loading') {
    return (
      <div className="rate">
        <div className="rate__stage">
          <div className="rate__media rate__media--skeleton" style={{ height }}>
            <Spinner label="Finding something to rate..." />
          </div>
        </div>
        {side(null)}
      </div>
    );
  }

  if (r.status === 'empty') {
    return (
      <div className="rate rate--state">
        <EmptyState
          icon={<ImageIcon size={36} />}
          title="No Photos to Rate"
          action={
            <Link className="btn btn--primary btn--lg" to="/upload">
              Upload Your First Photo
            </Link>
          }
        >
          Be the first to share something — everyone else will get to rate it.
        </EmptyState>
        {adSlot ? <div className="rate__ad rate__ad--center">{adSlot}</div> : null}
      </div>
    );
  }

  if (r.status === 'rated-all') {
    return (
      <div className="rate rate--state">
        <EmptyState
          icon={<CheckIcon size={36} />}
          title="All caught up"
          action={
            <button type="button" className="btn btn--primary btn--lg" onClick={r.refresh} disabled={r.isSwapping}>
              <RefreshIcon size={18} /> Refresh for more images
            </button>
          }
        >
          <p data-testid="rated-all">You have rated all the media we have right now - check back soon for more!</p>
        </EmptyState>
        <ResultsPanelIfAny last={r.last} />
        {adSlot ? <div className="rate__ad rate__ad--center">{adSlot}</div> : null}
      </div>
    );
  }

  const isVideoItem = item ? isVideo(item.mimeType) : false;
  return (
    <div className="rate">
      <div className="rate__stage">
        {item && !unknownType ? (
          <button
            ref={mediaButton}
            type="button"
            className={`rate__media${loaded ? ' is-loaded' : ''}`}
            style={{ height }}
            onClick={() => setOverlayOpen(true)}
            aria-label={isVideoItem ? 'Open the video full size' : 'Open the photo full size'}
            data-testid="rate-media"
            data-media-id={itemId}
            data-loaded={loaded}
            {...swipe}
          >
            <StageMedia
              key={itemId}
              item={item}
              areaHeight={height}
              onLoad={r.onMediaShown}
              onError={r.onMediaError}
              autoPlay={!reducedMotion}
              videoRef={video}
              onPlayingChange={setPlaying}
            />
            {!loaded || r.isSwapping ? (
              <span className={`rate__media-loading${loaded ? ' rate__media-loading--dim' : ''}`}>
                <Spinner label="Loading media..." inline />
              </span>
            ) : null}
            <span className="rate__expand" aria-hidden="true">
              <ExpandIcon size={18} />
            </span>
          </button>
        ) : (
          <div className="rate__media rate__media--skeleton" style={{ height }} />
        )}
        <span className="rate__hint rate__hint--hot" aria-hidden="true">
          Hot
        </span>
        <span className="rate__hint rate__hint--not" aria-hidden="true">
          Not
        </span>
        {isVideoItem && !unknownType ? (
          <button
            type="button"
            className="rate__play"
            onClick={() => {
              const v = video.current;
              if (!v) return;
              if (v.paused) void v.play().catch(() => {});
              else v.pause();
            }}
            aria-label={playing ? 'Pause video' : 'Play video'}
            data-testid="rate-play"
          >
            {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
          </button>
        ) : null}
      </div>
      {side(
        <>
          {/* aria-disabled, not disabled, while the next item loads: focus stays on the button
              pressed, so it lands on the next item's vote controls (a disabled button drops it) */}
          <div className="vote">
            <button
              type="button"
              className="vote__btn vote__btn--not"
              onClick={() => canVote && r.vote(false)}
              aria-disabled={!canVote}
            >
              <SnowIcon size={26} />
              <span className="vote__label">Not</span>
              <span className="vote__keys" aria-hidden="true">
                <kbd>N</kbd>
                <kbd>←</kbd>
              </span>
            </button>
            <button
              type="button"
              className="vote__btn vote__btn--hot"
              onClick={() => canVote && r.vote(true)}
              aria-disabled={!canVote}
            >
              <FlameIcon size={26} />
              <span className="vote__label">Hot</span>
              <span className="vote__keys" aria-hidden="true">
                <kbd>H</kbd>
                <kbd>→</kbd>
              </span>
            </button>
            {/* Skip belongs to the vote row: under Hot and Not on a wide screen, beside them on a
                phone, where a row of its own would fall under the tab bar at first paint (the
                results card keeps its height above it). Its name stays "Skip this photo". */}
            <button
              type="button"
              className="btn btn--ghost btn--block rate__skip"
              onClick={() => item && !r.isSwapping && r.skip()}
              aria-disabled={!item || r.isSwapping}
            >
              <SkipIcon size={18} />
              <span>
                Skip<span className="rate__skip-rest"> this photo</span>
              </span>
              <kbd className="rate__skip-key" aria-hidden="true">
                S
              </kbd>
            </button>
          </div>
          <p className="rate__note">Your honest rating helps others discover great content.</p>
          <ReportButton onClick={() => item && setReporting(item.id)} disabled={!item || r.isSwapping} />
        </>,
        <ResultsPanel last={r.last} />,
      )}
      {item ? (
        <MediaOverlay
          open={overlayOpen}
          onOpenChange={setOverlayOpen}
          url={fullSizeUrl(item) ?? item.url}
          mimeType={item.mimeType}
          returnFocusTo={mediaButton}
          onReport={() => {
            setOverlayOpen(false);
            setReporting(item.id);
          }}
        />
      ) : null}
      <ReportDialog
        mediaId={reporting}
        onClose={() => setReporting(null)}
        onReported={(id) => {
          setReporting(null);
          r.onReported(id);
        }}
      />
    </div>
  );
}

function ResultsPanelIfAny({ last }: Parameters<typeof ResultsPanel>[0]) {
  return last ? (
    <div className="rate__last">
      <ResultsPanel last={last} />
    </div>
  ) : null;
}
