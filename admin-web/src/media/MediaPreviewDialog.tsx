import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableRow,
} from '@mui/material';
import { useId } from 'react';
import { formatBytes, formatDateTime, formatNumber } from '../lib/format';
import type { AdminMedia } from '../providers/types';
import { MediaPlayer } from './MediaPlayer';

interface Props {
  media: AdminMedia | null;
  onClose: () => void;
  onDelete: (m: AdminMedia) => void;
}

/** The full image, or the video playing with controls, and every detail of the row. */
export function MediaPreviewDialog({ media, onClose, onDelete }: Props) {
  const titleId = useId();
  return (
    <Dialog open={!!media} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      {media && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
            {media.originalName}
            <IconButton aria-label="Close preview" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers>
            <MediaPlayer url={media.url} mimeType={media.mimeType} name={media.originalName} />
            <Table size="small" aria-label="Media details">
              <TableBody>
                <Row label="User" value={media.username} />
                <Row label="Type" value={media.mimeType} />
                <Row label="Size" value={formatBytes(media.size)} />
                <Row
                  label="Votes"
                  value={`${formatNumber(media.hotVotes)} hot · ${formatNumber(media.notVotes)} not (${formatNumber(media.totalVotes)} in all)`}
                />
                <Row label="Views" value={formatNumber(media.totalViews)} />
                <Row label="Uploaded" value={formatDateTime(media.uploadedAt)} />
                <Row label="ID" value={String(media.id)} />
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions>
            <Button color="error" startIcon={<DeleteIcon />} onClick={() => onDelete(media)}>
              Delete
            </Button>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

const Row = ({ label, value }: { label: string; value: string }) => (
  <TableRow>
    <TableCell component="th" scope="row" sx={{ width: 110, color: 'text.secondary' }}>
      {label}
    </TableCell>
    <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
  </TableRow>
);
