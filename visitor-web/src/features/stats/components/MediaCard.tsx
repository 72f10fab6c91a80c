import { isVideo } from '../../../components/MediaView';
import { FileName } from '../../../components/FileName';
import { MediaThumb } from '../../../components/MediaThumb';
import { ConfidenceNote } from '../../../components/ConfidenceNote';
import { SplitBar } from '../../../components/SplitBar';
import { EyeIcon, TrashIcon, VoteIcon } from '../../../components/icons';
import { formatDate, formatBytes, percent } from '../../../lib/format';
import type { MediaStat, ShareLink } from '../../../api/types';
import { ShareButton } from '../../../components/ShareButton';
import { hotVotesOf } from '../api/stats-api';
import { UnderReviewBadge } from './UnderReviewBadge';
import './media-card.css';

export function MediaCard({
  media,
  share,
  onOpen,
  onDelete,
}: {
  media: MediaStat;
  share: ShareLink | null;
  onOpen: () => void;
  onDelete: () => void;
}) {
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
        <h3 className="media-card__name">
          <FileName name={media.originalName} />
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
          {/* no votes is not "0 % Hot": a dash, and the line under the bar says why */}
          <div className={media.totalVotes > 0 ? 'text-hot' : 'muted'}>
            <dt>Hot</dt>
            <dd data-testid="card-hot">{media.totalVotes > 0 ? `${percent(media.hotPercentage)}%` : '–'}</dd>
          </div>
        </dl>
        <SplitBar hot={media.hotPercentage} not={media.notPercentage} total={media.totalVotes} size="sm" />
        {media.totalVotes > 0 ? (
          <ConfidenceNote hot={hotVotesOf(media)} total={media.totalVotes} className="media-card__confidence" />
        ) : (
          <p className="media-card__confidence muted small" data-testid="card-no-votes">
            No votes yet
          </p>
        )}
        {share ? (
          <p className="media-card__via muted small" data-testid="card-share">
            Via your link: {share.views} {share.views === 1 ? 'view' : 'views'} · {share.votes}{' '}
            {share.votes === 1 ? 'vote' : 'votes'}
            {share.enabled ? '' : ' (off)'}
          </p>
        ) : null}
        <div className="media-card__actions">
          <ShareButton mediaId={Number(media.id)} name={media.originalName} />
          <button
            type="button"
            className="btn btn--danger-ghost btn--sm media-card__delete"
            onClick={onDelete}
            aria-label={`Delete ${media.originalName}`}
          >
            <TrashIcon size={16} /> Delete
          </button>
        </div>
      </div>
    </article>
  );
}
