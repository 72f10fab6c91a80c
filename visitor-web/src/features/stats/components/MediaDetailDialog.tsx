import { Dialog } from '../../../components/Dialog';
import { MediaView, isVideo } from '../../../components/MediaView';
import { ConfidenceNote } from '../../../components/ConfidenceNote';
import { SplitBar } from '../../../components/SplitBar';
import { TrashIcon } from '../../../components/icons';
import { formatDate, formatBytes, percent } from '../../../lib/format';
import type { MediaStat, ShareLink } from '../../../api/types';
import { SharePanel } from './SharePanel';
import { hotVotesOf } from '../api/stats-api';
import './media-detail-dialog.css';

export function MediaDetailDialog({
  media,
  share,
  onClose,
  onDelete,
}: {
  media: MediaStat | null;
  share: ShareLink | null;
  onClose: () => void;
  onDelete: (m: MediaStat) => void;
}) {
  const voted = (media?.totalVotes ?? 0) > 0;
  return (
    <Dialog
      open={media !== null}
      onOpenChange={(o) => !o && onClose()}
      title={media?.originalName ?? ''}
      size="lg"
      focusClose
    >
      {media ? (
        <div className="detail">
          <div className="detail__media">
            {/* the display rendition when there is one (the original is for the full-size overlay) */}
            <MediaView
              url={(isVideo(media.mimeType) ? media.playbackUrl : media.previewUrl) ?? media.url}
              poster={isVideo(media.mimeType) ? media.previewUrl : null}
              mimeType={media.mimeType}
              alt={media.originalName}
              controls
              className="detail__media-el"
            />
          </div>
          <div className="detail__info">
            <dl className="detail__grid">
              <div>
                <dt>Views</dt>
                <dd>{media.totalViews}</dd>
              </div>
              <div>
                <dt>Votes</dt>
                <dd>{media.totalVotes}</dd>
              </div>
              {/* no votes is not "0 % Hot, 0 % Not": dashes, and the line under the bar says why */}
              <div className={voted ? 'text-hot' : 'muted'}>
                <dt>Hot</dt>
                <dd>{voted ? `${percent(media.hotPercentage)}%` : '–'}</dd>
              </div>
              <div className={voted ? 'text-not' : 'muted'}>
                <dt>Not</dt>
                <dd>{voted ? `${percent(media.notPercentage)}%` : '–'}</dd>
              </div>
            </dl>
            <SplitBar hot={media.hotPercentage} not={media.notPercentage} total={media.totalVotes} />
            {voted ? (
              <ConfidenceNote hot={hotVotesOf(media)} total={media.totalVotes} />
            ) : (
              <p className="muted small">No votes yet</p>
            )}
            <dl className="detail__facts">
              <div>
                <dt>Type</dt>
                <dd>{isVideo(media.mimeType) ? 'Video' : 'Image'}</dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>{formatBytes(media.size)}</dd>
              </div>
              <div>
                <dt>Uploaded</dt>
                <dd>{formatDate(media.uploadedAt)}</dd>
              </div>
            </dl>
            <SharePanel media={media} link={share} />
            <button type="button" className="btn btn--danger-ghost btn--block" onClick={() => onDelete(media)}>
              <TrashIcon size={16} /> Delete
            </button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
