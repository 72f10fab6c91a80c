import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import type { AdminUser } from '../api/types';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';

export const SIGN_OUT_TEXTS = {
  button: 'Sign out',
  title: 'Sign out everywhere',
  body: (name: string) =>
    `End every session of "${name}"? Each of their browsers becomes a guest again; a saved account can sign in with a new login link.`,
  done: (n: number) => (n === 1 ? '1 session ended' : `${n} sessions ended`),
  failed: 'Could not sign the user out',
} as const;

/** The row's "Sign out" (everywhere): ends all of the user's sessions, behind a confirmation; audited by the server. */
export function SignOutEverywhere() {
  const u = useRecordContext<AdminUser>();
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [open, setOpen] = useState(false);
  const signOut = useMutation({
    mutationFn: (id: number) => dp.signOutUser(id),
    onSuccess: (r) => {
      notify(SIGN_OUT_TEXTS.done(r.ended), { type: 'success' });
      setOpen(false);
    },
    onError: (err) => notifyError(err, SIGN_OUT_TEXTS.failed),
  });
  if (!u) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<LogoutIcon />}
        onClick={() => setOpen(true)}
        aria-label={`${SIGN_OUT_TEXTS.title}: ${u.username}`}
      >
        {SIGN_OUT_TEXTS.button}
      </Button>
      <ConfirmDialog
        open={open}
        title={SIGN_OUT_TEXTS.title}
        confirmLabel={SIGN_OUT_TEXTS.button}
        danger={false}
        pending={signOut.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() => signOut.mutate(Number(u.id))}
      >
        {SIGN_OUT_TEXTS.body(u.username)}
      </ConfirmDialog>
    </>
  );
}
