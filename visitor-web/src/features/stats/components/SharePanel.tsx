import { ShareButton } from '../../../components/ShareButton';
import type { MediaStat, ShareLink } from '../../../api/types';
import { useUpdateShare } from '../api/stats-api';

/** What came through the item's share link, and the owner's switches for it (off, search engines). */
export function SharePanel({ media, link }: { media: MediaStat; link: ShareLink | null }) {
  const update = useUpdateShare();
  const change = (c: { enabled?: boolean; indexable?: boolean }) =>
    link && update.mutate({ shareId: link.shareId, change: c });
  return (
    <section className="share-panel" aria-label="Share link">
      <div className="share-panel__row">
        <ShareButton mediaId={Number(media.id)} name={media.originalName} />
        {link ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => change({ enabled: !link.enabled })}
            disabled={update.isPending}
          >
            {link.enabled ? 'Turn link off' : 'Turn link on'}
          </button>
        ) : null}
      </div>
      {link ? (
        <>
          <p className="muted small" data-testid="share-counts">
            {link.enabled ? 'Your link' : 'Your link (off)'} brought {link.views} {link.views === 1 ? 'view' : 'views'}{' '}
            and {link.votes} {link.votes === 1 ? 'vote' : 'votes'}.
          </p>
          <label className="share-panel__check small">
            <input
              type="checkbox"
              checked={link.indexable}
              onChange={(e) => change({ indexable: e.target.checked })}
              disabled={update.isPending || !link.enabled}
            />
            Let search engines list the link
          </label>
        </>
      ) : null}
    </section>
  );
}
