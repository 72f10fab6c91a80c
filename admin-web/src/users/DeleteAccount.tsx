import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { AdminUser } from '../api/types';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import { DELETE_ACCOUNT_TEXTS } from './delete-account-texts';

/** The row's "Delete account": the visitor's own deletion, by an operator, behind a confirmation; audited by the server. */
export function DeleteAccount() {
  const u = useRecordContext<AdminUser>();
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (id: number) => dp.deleteUserAccount(id),
    onSuccess: () => {
      notify(DELETE_ACCOUNT_TEXTS.done, { type: 'success' });
      setOpen(false);
      refresh();
    },
    onError: (err) => notifyError(err, DELETE_ACCOUNT_TEXTS.failed),
  });
  if (!u || u.seeded) return null;
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<PersonRemoveIcon />}
        onClick={() => setOpen(true)}
        aria-label={`${DELETE_ACCOUNT_TEXTS.title}: ${u.username}`}
      >
        {DELETE_ACCOUNT_TEXTS.button}
      </Button>
      <ConfirmDialog
        open={open}
        title={DELETE_ACCOUNT_TEXTS.title}
        confirmLabel={DELETE_ACCOUNT_TEXTS.button}
        danger
        pending={remove.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => remove.mutate(Number(u.id))}
      >
        {DELETE_ACCOUNT_TEXTS.body(u.username)}
      </ConfirmDialog>
    </>
  );
}
