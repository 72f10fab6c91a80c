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
import { MediaPlayer } from './MediaPlayer';

export interface Previewed {
  /** a rendition (previewUrlOf), never the original; null while none exists */
  url: string | null;
  mimeType: string;
  name: string;
}

interface Props {
  /** what to show; null closes the dialog */
  item: Previewed | null;
  /** the details table's accessible name */
  detailsLabel: string;
  details: [label: string, value: ReactNode][];
  /** buttons before Close (Delete, the moderation decisions) */
  actions?: ReactNode;
  onClose: () => void;
}

/**
 * The full image, or the video playing with controls, a table of details and the item's
 * actions: the Media page's preview and the Moderation page's share it.
 */
export function PreviewDialog({ item, detailsLabel, details, actions, onClose }: Props) {
  const titleId = useId();
  return (
    <Dialog open={!!item} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      {item && (
        <>
          <DialogTitle id={titleId} sx={{ pr: 6, overflowWrap: 'anywhere' }}>
            {item.name}
            <IconButton aria-label="Close preview" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          {/* it scrolls on small screens: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable) */}
          <DialogContent dividers tabIndex={0} role="region" aria-label={`${item.name}: preview and details`}>
            <MediaPlayer url={item.url} mimeType={item.mimeType} name={item.name} />
            <Table size="small" aria-label={detailsLabel}>
              <TableBody>
                {details.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell
                      component="th"
                      scope="row"
                      sx={{ width: 120, color: 'text.secondary', verticalAlign: 'top' }}
                    >
                      {label}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            {actions}
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
