import { Checkbox, FormControlLabel, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from './ConfirmDialog';
import { TRUST_TEXTS } from '../lib/trust-texts';

interface Props {
  /** the users to ban, by name; empty closes the dialog */
  names: string[];
  pending?: boolean;
  onClose: () => void;
  onConfirm: (deleteMedia: boolean) => void;
}

/**
 * Asks before a ban, saying what it does, with an opt-in to delete all of the users' media too
 * (never checked by default: that part cannot be undone by an unban).
 */
export function BanDialog({ names, pending, onClose, onConfirm }: Props) {
  const [deleteMedia, setDeleteMedia] = useState(false);
  const open = names.length > 0;
  useEffect(() => {
    if (open) setDeleteMedia(false);
  }, [open]);
  const who = names.length === 1 ? `"${names[0]}"` : `${names.length} users`;
  return (
    <ConfirmDialog
      open={open}
      title={names.length > 1 ? `Ban ${names.length} users` : 'Ban user'}
      confirmLabel={deleteMedia ? 'Ban and delete media' : 'Ban'}
      pending={pending}
      onClose={onClose}
      onConfirm={() => onConfirm(deleteMedia)}
    >
      <Stack spacing={1.5}>
        <span>
          Ban {who}? {TRUST_TEXTS.banEffect}
        </span>
        <FormControlLabel
          control={
            <Checkbox checked={deleteMedia} onChange={(e) => setDeleteMedia(e.target.checked)} disabled={pending} />
          }
          label={TRUST_TEXTS.alsoDeleteMedia}
        />
      </Stack>
    </ConfirmDialog>
  );
}
