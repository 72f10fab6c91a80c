import { useEffect, useState, type Ref } from 'react';
import { ImageIcon, RefreshIcon, TrashIcon, UploadIcon, VideoIcon } from '../../../components/icons';
import { FileName } from '../../../components/FileName';
import { formatBytes } from '../../../lib/format';
import { ShareButton } from '../../../components/ShareButton';
import { canRetry, canUpload, type QueueItem, type UploadStatus } from '../hooks/upload-queue';
import type { useUploadQueue } from '../hooks/use-upload-queue';
import './upload-queue.css';

const STATUS_LABEL: Record<UploadStatus, string> = {
  pending: 'Pending',
  uploading: 'Uploading',
  completed: 'Completed',
  error: 'Error',
};

function Thumb({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  const image = file.type.startsWith('image/');
  useEffect(() => {
    if (!image) return;
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file, image]);
  return (
    <div className="queue__thumb" aria-hidden="true">
      {url ? <img src={url} alt="" /> : image ? <ImageIcon /> : <VideoIcon />}
    </div>
  );
}

export function UploadQueue({
  queue,
  sectionRef,
}: {
  queue: ReturnType<typeof useUploadQueue>;
  sectionRef?: Ref<HTMLElement>;
}) {
  const { items, upload, retry, uploadAll, remove, clearCompleted, canUploadAll } = queue;
  if (items.length === 0) return null;
  const pending = items.filter(canUpload).length;
  const failed = items.filter((i) => i.status === 'error').length;
  const completed = items.filter((i) => i.status === 'completed').length;
  return (
    <section className="queue card" aria-labelledby="queue-title" ref={sectionRef} tabIndex={-1}>
      <header className="queue__header">
        <div>
          <h2 id="queue-title" className="card__title">
            Files to upload <span className="count-pill">{items.length}</span>
          </h2>
          <p className="muted small" data-testid="queue-counts">
            {pending} pending{failed ? ` · ${failed} failed` : ''}
            {completed ? ` · ${completed} completed` : ''}
          </p>
        </div>
        <div className="queue__actions">
          {completed > 0 && (
            <button type="button" className="btn btn--ghost btn--sm" onClick={clearCompleted}>
              Clear completed
            </button>
          )}
          <button type="button" className="btn btn--primary" onClick={() => void uploadAll()} disabled={!canUploadAll}>
            <UploadIcon size={18} /> Upload All
          </button>
        </div>
      </header>
      <ul className="queue__list">
        {items.map((item) => (
          <QueueRow
            key={item.id}
            item={item}
            onUpload={() => void upload(item.id)}
            onRetry={() => void retry(item.id)}
            onRemove={() => remove(item.id)}
          />
        ))}
      </ul>
    </section>
  );
}

function QueueRow({
  item,
  onUpload,
  onRetry,
  onRemove,
}: {
  item: QueueItem;
  onUpload: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  return (
    <li className={`queue__item is-${item.status}`} data-testid="queue-item" data-status={item.status}>
      <Thumb file={item.file} />
      <div className="queue__main">
        <div className="queue__row">
          <span className="queue__name">
            <FileName name={item.file.name} />
          </span>
          <span className={`status-badge status-badge--${item.status}`} data-testid="queue-status">
            {item.waiting ? 'Waiting for connection' : STATUS_LABEL[item.status]}
            {item.status === 'uploading' ? ` ${item.progress}%` : ''}
          </span>
        </div>
        <div className="queue__meta">
          <span>{formatBytes(item.file.size)}</span>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label={`Upload progress for ${item.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={item.progress}
        >
          <span className="progress__bar" style={{ width: `${item.progress}%` }} />
        </div>
        {item.error ? (
          <p className="queue__error" role="alert" data-testid="queue-error">
            {item.error}
          </p>
        ) : null}
      </div>
      <div className="queue__buttons">
        {item.status === 'completed' && item.mediaId !== null ? (
          <ShareButton mediaId={item.mediaId} name={item.file.name} />
        ) : canRetry(item) ? (
          // same file, same Idempotency-Key: stored once even if the lost try had reached the server
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={onRetry}
            aria-label={`Retry ${item.file.name}`}
          >
            <RefreshIcon size={16} /> Retry
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={onUpload}
            disabled={!canUpload(item)}
            aria-label={`Upload ${item.file.name}`}
          >
            Upload
          </button>
        )}
        <button type="button" className="icon-button" onClick={onRemove} aria-label={`Remove ${item.file.name}`}>
          <TrashIcon size={18} />
        </button>
      </div>
    </li>
  );
}
