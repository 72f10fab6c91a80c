import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from '../../../components/icons';
import { isVideo } from '../../../components/MediaView';

interface MediaOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  url: string;
  mimeType: string;
}

/** Full-size view. Radix Dialog gives Escape to close, a focus trap and a scroll lock. */
export function MediaOverlay({ open, onOpenChange, url, mimeType }: MediaOverlayProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="media-overlay__backdrop" />
        <Dialog.Content className="media-overlay" aria-describedby={undefined} data-testid="media-overlay">
          <Dialog.Title className="visually-hidden">Full-size media</Dialog.Title>
          <div className="media-overlay__stage" onClick={() => onOpenChange(false)}>
            {isVideo(mimeType) ? (
              <video
                className="media-overlay__media"
                src={url}
                controls
                autoPlay
                playsInline
                onClick={(e) => e.stopPropagation()}
              />
            ) : (
              <img
                className="media-overlay__media"
                src={url}
                alt="Full-size photo"
                onClick={(e) => e.stopPropagation()}
              />
            )}
          </div>
          <Dialog.Close className="media-overlay__close" aria-label="Close full-size view">
            <CloseIcon size={22} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
