import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useRecordContext, useUnselectAll } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatDate, formatDateTime } from '../lib/format';
import { TRUST_TEXTS } from '../lib/trust-texts';
import type { AdminUser } from '../api/types';
import { BanDialog } from '../components/BanDialog';
import { useBanUsers } from '../lib/useBanUsers';

/** "Banned" with the date, or nothing: the Users table's Banned column. */
export function BannedCell() {
  const u = useRecordContext<AdminUser>();
  if (!u?.banned) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start' }}>
      <Chip component="span" size="small" color="error" label="Banned" />
      {u.bannedAt && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="span"
          title={formatDateTime(u.bannedAt)}
          sx={{ whiteSpace: 'nowrap' }}
        >
          since {formatDate(u.bannedAt)}
        </Typography>
      )}
    </Box>
  );
}

/** The row's Ban or Unban button, each behind its confirmation. */
export function BanToggle() {
  const u = useRecordContext<AdminUser>();
  const { ban, unban, pending } = useBanUsers();
  const [open, setOpen] = useState(false);
  if (!u) return null;
  const close = () => setOpen(false);
  return u.banned ? (
    <>
      <Button
        size="small"
        startIcon={<LockOpenIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Unban ${u.username}`}
      >
        Unban
      </Button>
      <UnbanDialog
        open={open}
        names={[u.username]}
        pending={pending}
        onClose={close}
        onConfirm={() => unban([u.id], close)}
      />
    </>
  ) : (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<BlockIcon />}
        onClick={() => setOpen(true)}
        aria-label={`Ban ${u.username}`}
      >
        Ban
      </Button>
      <BanDialog
        names={open ? [u.username] : []}
        pending={pending}
        onClose={close}
        onConfirm={(deleteMedia) => ban([u.id], deleteMedia, close)}
      />
    </>
  );
}

/** Ban selected / Unban selected in the table's bulk toolbar: one server call each. */
export function BulkBanButtons() {
  const { selectedIds, data } = useListContext<AdminUser>();
  const unselectAll = useUnselectAll('users');
  const { ban, unban, pending } = useBanUsers();
  const [dialog, setDialog] = useState<'ban' | 'unban' | null>(null);
  const byId = new Map((data ?? []).map((u) => [u.id, u.username]));
  const names = selectedIds.map((id) => byId.get(id as number) ?? `ID ${id}`);
  const done = () => {
    setDialog(null);
    unselectAll();
  };
  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setDialog('ban')}>
        Ban selected
      </Button>
      <Button size="small" startIcon={<LockOpenIcon />} onClick={() => setDialog('unban')}>
        Unban selected
      </Button>
      <BanDialog
        names={dialog === 'ban' ? names : []}
        pending={pending}
        onClose={() => setDialog(null)}
        onConfirm={(deleteMedia) => ban(selectedIds, deleteMedia, done)}
      />
      <UnbanDialog
        open={dialog === 'unban'}
        names={names}
        pending={pending}
        onClose={() => setDialog(null)}
        onConfirm={() => unban(selectedIds, done)}
      />
    </>
  );
}

interface UnbanProps {
  open: boolean;
  names: string[];
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

function UnbanDialog({ open, names, pending, onClose, onConfirm }: UnbanProps) {
  const who = names.length === 1 ? `"${names[0]}"` : `${names.length} users`;
  return (
    <ConfirmDialog
      open={open}
      title={names.length > 1 ? `Unban ${names.length} users` : 'Unban user'}
      confirmLabel="Unban"
      danger={false}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      Unban {who}? {TRUST_TEXTS.unbanEffect}
    </ConfirmDialog>
  );
}
