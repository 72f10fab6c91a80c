import { isVideo } from '../../../components/MediaView';
import { MediaThumb } from '../../../components/MediaThumb';
import { ConfidenceNote } from '../../../components/ConfidenceNote';
import { SplitBar } from '../../../components/SplitBar';
import { EyeIcon, TrashIcon, VoteIcon } from '../../../components/icons';
import { formatDate, formatBytes, percent } from '../../../lib/format';
import type { MediaStat } from '../../../api/types';
import { hotVotesOf } from '../api/stats-api';
import { UnderReviewBadge } from './UnderReviewBadge';
import './media-card.css';

export function MediaCard({ media, onOpen, onDelete }: { media: MediaStat; onOpen: () => void; onDelete: () => void }) {
  const video = isVideo(media.mimeType);
  return (
    <article className="media-card card" data-testid="media-card">
      {/* the badge lies over the thumbnail but outside the button */}
      <div className="media-card__thumb">
        {/* named by its content, so a visible "Image unavailable" is part of the name */}
        <button type="button" className="media-card__open" onClick={onOpen}>
          <span className="visually-hidden">Show details for {media.originalName}</span>
          <MediaThumb media={media} className="media-card__media" />
        </button>
        <span className={`badge ${video ? 'badge--video' : 'badge--image'}`}>{video ? 'Video' : 'Image'}</span>
        {media.underReview ? <UnderReviewBadge /> : null}
      </div>
      <div className="media-card__body">
        <h3 className="media-card__name" title={media.originalName}>
          {media.originalName}
        </h3>
        <div className="media-card__meta">
          <span>{formatBytes(media.size)}</span>
          <time dateTime={media.uploadedAt}>{formatDate(media.uploadedAt)}</time>
        </div>
        <dl className="media-card__stats">
          <div>
            <dt>
              <EyeIcon size={14} /> Views
            </dt>
            <dd data-testid="card-views">{media.totalViews}</dd>
          </div>
          <div>
            <dt>
              <VoteIcon size={14} /> Votes
            </dt>
            <dd data-testid="card-votes">{media.totalVotes}</dd>
          </div>
          <div className="text-hot">
            <dt>Hot</dt>
            <dd data-testid="card-hot">{percent(media.hotPercentage)}%</dd>
          </div>
        </dl>
        <SplitBar hot={media.hotPercentage} not={media.notPercentage} total={media.totalVotes} size="sm" />
        <ConfidenceNote hot={hotVotesOf(media)} total={media.totalVotes} className="media-card__confidence" />
        <button
          type="button"
          className="btn btn--danger-ghost btn--sm btn--block media-card__delete"
          onClick={onDelete}
          aria-label={`Delete ${media.originalName}`}
        >
          <TrashIcon size={16} /> Delete
        </button>
      </div>
    </article>
  );
}
