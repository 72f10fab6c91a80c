import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, type Identifier } from 'react-admin';
import { bannedText, TRUST_TEXTS, unbannedText } from './trust-texts';
import { useNotifyError } from './useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';

/**
 * Ban and unban, each one server call for the whole selection, with a toast and fresh lists
 * (Users, the moderation queue and the totals all change with a ban).
 */
export function useBanUsers() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const after = (deletedMedia: boolean) => {
    if (deletedMedia) {
      void queryClient.invalidateQueries({ queryKey: ['mediaTotals'] });
      void queryClient.invalidateQueries({ queryKey: ['adminStats'] });
    }
    refresh();
  };
  const ban = useMutation({
    mutationFn: ({ ids, deleteMedia }: { ids: Identifier[]; deleteMedia: boolean }) => dp.banUsers(ids, deleteMedia),
    onSuccess: (r) => {
      notify(bannedText(r.banned.length, r.mediaDeleted), { type: 'success' });
      after(r.mediaDeleted > 0);
    },
    onError: (err) => notifyError(err, TRUST_TEXTS.banFailed),
  });
  const unban = useMutation({
    mutationFn: (ids: Identifier[]) => dp.unbanUsers(ids),
    onSuccess: (r) => {
      notify(unbannedText(r.unbanned.length), { type: 'success' });
      after(false);
    },
    onError: (err) => notifyError(err, TRUST_TEXTS.unbanFailed),
  });
  return {
    pending: ban.isPending || unban.isPending,
    ban: (ids: Identifier[], deleteMedia: boolean, onDone?: () => void) =>
      ban.mutate({ ids, deleteMedia }, { onSuccess: () => onDone?.() }),
    unban: (ids: Identifier[], onDone?: () => void) => unban.mutate(ids, { onSuccess: () => onDone?.() }),
  };
}
