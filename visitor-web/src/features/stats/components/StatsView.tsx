import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { ChartIcon, EyeIcon, RefreshIcon, UploadIcon, VoteIcon } from '../../../components/icons';
import { toast } from '../../../components/toast-store';
import { errorMessage } from '../../../lib/api-client';
import type { Id, MediaStat } from '../../../api/types';
import { useDeleteMedia, useShareLinks, useUserStats } from '../api/stats-api';
import { MediaCard } from './MediaCard';
import { MediaDetailDialog } from './MediaDetailDialog';
import { DeleteMediaDialog } from './DeleteMediaDialog';
import './stats-view.css';

export function StatsView({ userId }: { userId: Id | undefined }) {
  const stats = useUserStats(userId);
  const del = useDeleteMedia(userId);
  const shares = useShareLinks(userId);
  const linkOf = (m: MediaStat) => shares.data?.get(Number(m.id)) ?? null;
  const [detail, setDetail] = useState<MediaStat | null>(null);
  const [confirming, setConfirming] = useState<MediaStat | null>(null);

  const confirmDelete = () => {
    if (!confirming) return;
    const target = confirming;
    del.mutate(target.id, {
      onSuccess: () => {
        toast({ title: 'Media Deleted', description: 'Your media has been successfully deleted.', variant: 'success' });
        setConfirming(null);
        setDetail((d) => (d && String(d.id) === String(target.id) ? null : d));
      },
      onError: (err) => {
        toast({
          title: 'Delete Failed',
          description: errorMessage(err, 'Failed to delete media'),
          variant: 'destructive',
        });
        setConfirming(null);
      },
    });
  };

  if (userId === undefined || stats.isPending) {
    return (
      <div className="page-loading">
        <Spinner label="Loading your statistics..." />
      </div>
    );
  }

  const data = stats.data;
  if (stats.isError || !data || !Array.isArray(data.mediaStats)) {
    return (
      <EmptyState
        icon={<ChartIcon size={36} />}
        title="No statistics available"
        action={
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void stats.refetch()}
            disabled={stats.isFetching}
          >
            <RefreshIcon size={18} /> Try again
          </button>
        }
      >
        We couldn't load your numbers right now.
      </EmptyState>
    );
  }

  return (
    <div className="stats">
      <div className="stats__totals">
        <Total label="Uploads" value={data.totalUploads} icon={<UploadIcon />} testId="total-uploads" />
        <Total label="Votes" value={data.totalVotes} icon={<VoteIcon />} testId="total-votes" />
        <Total label="Views" value={data.totalViews} icon={<EyeIcon />} testId="total-views" />
      </div>

      <div className="section-head">
        <h2 className="section-head__title">Your media</h2>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void stats.refetch()}
          disabled={stats.isFetching}
          aria-label="Refresh statistics"
        >
          <RefreshIcon size={16} className={stats.isFetching ? 'spin' : undefined} /> Refresh
        </button>
      </div>

      {data.mediaStats.length === 0 ? (
        <EmptyState
          icon={<UploadIcon size={36} />}
          title="You haven't uploaded any media yet"
          action={
            <Link to="/upload" className="btn btn--primary">
              Upload Media
            </Link>
          }
        >
          Share a photo or video and watch the votes come in.
        </EmptyState>
      ) : (
        <ul className="media-grid">
          {data.mediaStats.map((m) => (
            <li key={String(m.id)}>
              <MediaCard media={m} share={linkOf(m)} onOpen={() => setDetail(m)} onDelete={() => setConfirming(m)} />
            </li>
          ))}
        </ul>
      )}

      <MediaDetailDialog
        media={detail}
        share={detail ? linkOf(detail) : null}
        onClose={() => setDetail(null)}
        onDelete={(m) => setConfirming(m)}
      />
      <DeleteMediaDialog
        media={confirming}
        pending={del.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function Total({ label, value, icon, testId }: { label: string; value: number; icon: ReactNode; testId: string }) {
  return (
    <div className="total card">
      <span className="total__icon" aria-hidden="true">
        {icon}
      </span>
      <div>
        <div className="total__value" data-testid={testId}>
          {Number(value ?? 0).toLocaleString()}
        </div>
        <div className="total__label">{label}</div>
      </div>
    </div>
  );
}
