import { Dialog } from '../../../components/Dialog';
import { TrashIcon } from '../../../components/icons';
import type { MediaStat } from '../../../api/types';

export function DeleteMediaDialog({
  media,
  pending,
  onCancel,
  onConfirm,
}: {
  media: MediaStat | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={media !== null}
      onOpenChange={(o) => !o && !pending && onCancel()}
      title="Delete media?"
      icon={<TrashIcon size={22} />}
      description={
        media ? `Are you sure you want to delete "${media.originalName}"? This action cannot be undone.` : ''
      }
    >
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
