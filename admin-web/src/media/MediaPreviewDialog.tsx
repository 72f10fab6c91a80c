import DeleteIcon from '@mui/icons-material/Delete';
import { Button } from '@mui/material';
import { formatBytes, formatDateTime, formatNumber } from '../lib/format';
import type { AdminMedia } from '../api/types';
import { PreviewDialog } from '../components/PreviewDialog';
import { previewUrlOf } from '../components/MediaThumb';

interface Props {
  media: AdminMedia | null;
  onClose: () => void;
  onDelete: (m: AdminMedia) => void;
}

/** The full-size rendition, or the playback video with controls, and every detail of the row. */
export function MediaPreviewDialog({ media, onClose, onDelete }: Props) {
  return (
    <PreviewDialog
      item={media && { url: previewUrlOf(media), mimeType: media.mimeType, name: media.originalName }}
      detailsLabel="Media details"
      details={
        media
          ? [
              ['User', media.username],
              ['Type', media.mimeType],
              ['Size', formatBytes(media.size)],
              [
                'Votes',
                `${formatNumber(media.hotVotes)} hot · ${formatNumber(media.notVotes)} not (${formatNumber(media.totalVotes)} in all)`,
              ],
              ['Views', formatNumber(media.totalViews)],
              ['Uploaded', formatDateTime(media.uploadedAt)],
              ['ID', String(media.id)],
            ]
          : []
      }
      actions={
        media && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(media)}>
            Delete
          </Button>
        )
      }
      onClose={onClose}
    />
  );
}
