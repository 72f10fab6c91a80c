import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type RefObject } from 'react';
import { CloseIcon } from '../../../components/icons';
import { isVideo } from '../../../components/MediaView';
import { useReturnFocus } from '../../../components/return-focus';
import { ReportButton } from './ReportDialog';
import './media-overlay.css';

interface MediaOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  url: string;
  mimeType: string;
  /** Where focus goes back when the overlay closes (the media it was opened from). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Shows a Report control in the overlay. */
  onReport?: () => void;
}

/** Full-size view. Radix Dialog gives Escape to close, a focus trap and a scroll lock. */
export function MediaOverlay({ open, onOpenChange, url, mimeType, returnFocusTo, onReport }: MediaOverlayProps) {
  const video = isVideo(mimeType);
  // The video is scaled up to the viewport at its own aspect ratio (16:9 until it is known).
  const [ratio, setRatio] = useState(16 / 9);
  // back to the media it was opened from (that element may have been swapped meanwhile)
  const close = useRef<HTMLButtonElement>(null);
  // opens on Close, not Report: Enter right after opening must not start a report
  const focus = useReturnFocus(() => returnFocusTo?.current, close);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="media-overlay__backdrop" />
        <Dialog.Content className="media-overlay" aria-describedby={undefined} data-testid="media-overlay" {...focus}>
          <Dialog.Title className="visually-hidden">Full-size media</Dialog.Title>
          {/* a click beside the media closes, as on the backdrop (Escape and Close do it from the keyboard) */}
          <div
            className="media-overlay__stage"
            role="presentation"
            onClick={(e) => {
              if (e.target === e.currentTarget) onOpenChange(false);
            }}
          >
            {video ? (
              <video
                className="media-overlay__media media-overlay__media--video"
                style={{ aspectRatio: ratio, width: `min(100%, calc((100dvh - 2 * var(--overlay-pad-y)) * ${ratio}))` }}
                onLoadedMetadata={(e) => {
                  const v = e.currentTarget;
                  if (v.videoWidth > 0 && v.videoHeight > 0) setRatio(v.videoWidth / v.videoHeight);
                }}
                src={url}
                controls
                autoPlay
                playsInline
              />
            ) : (
              <img className="media-overlay__media" src={url} alt="Full-size photo" />
            )}
          </div>
          {onReport ? <ReportButton className="media-overlay__report" onClick={onReport} /> : null}
          <Dialog.Close ref={close} className="media-overlay__close" aria-label="Close full-size view">
            <CloseIcon size={22} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
