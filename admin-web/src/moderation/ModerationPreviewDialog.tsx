import CloseIcon from '@mui/icons-material/Close';
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
import { useId, type ReactNode } from 'react';
import { formatDateTime, formatNumber } from '../lib/format';
import { REASON_LABELS } from '../lib/trust-texts';
import { MediaPlayer } from '../media/MediaPlayer';
import type { ModerationItem } from '../providers/types';
import { DecisionButtons, sortedReasons, STATUS_LABELS, type ItemActions } from './ModerationItem';

interface Props extends Omit<ItemActions, 'onPreview'> {
  item: ModerationItem | null;
  onClose: () => void;
  pending?: boolean;
}

/** The reported image at full size, or the video playing, with every report detail and the decisions. */
export function ModerationPreviewDialog({ item, onClose, pending, ...actions }: Props) {
  const titleId = useId();
  return (
    <Dialog open={!!item} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      {item && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
            {item.originalName}
            <IconButton aria-label="Close preview" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers>
            <MediaPlayer url={item.mediaUrl} mimeType={item.mimeType} name={item.originalName} />
            <Table size="small" aria-label="Report details">
              <TableBody>
                <Row label="Uploader">
                  {item.uploaderName} (ID {item.uploaderId})
                </Row>
                <Row label="Reports">{formatNumber(item.reports)}</Row>
                <Row label="Reasons">
                  {sortedReasons(item)
                    .map(([r, n]) => `${REASON_LABELS[r] ?? r} ${formatNumber(n)}`)
                    .join(' · ')}
                </Row>
                {item.notes.length > 0 && (
                  <Row label="Notes">
                    {item.notes.map((n, i) => (
                      <div key={i}>“{n}”</div>
                    ))}
                  </Row>
                )}
                <Row label="Status">
                  {STATUS_LABELS[item.status]}
                  {item.hidden ? ' · hidden from the pick' : ''}
                </Row>
                <Row label="First report">{formatDateTime(item.firstReportedAt)}</Row>
                <Row label="Last report">{formatDateTime(item.lastReportedAt)}</Row>
                {item.decidedAt && <Row label="Decided">{formatDateTime(item.decidedAt)}</Row>}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {item.status === 'open' && <DecisionButtons item={item} pending={pending} {...actions} />}
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <TableRow>
    <TableCell component="th" scope="row" sx={{ width: 120, color: 'text.secondary', verticalAlign: 'top' }}>
      {label}
    </TableCell>
    <TableCell sx={{ overflowWrap: 'anywhere' }}>{children}</TableCell>
  </TableRow>
);
