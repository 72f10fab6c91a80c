import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useUnselectAll, type Identifier } from 'react-admin';
import { TEXTS } from '../lib/texts';
import { deletedText, keptText, TRUST_TEXTS } from '../lib/trust-texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';

/** Keep (dismiss the reports, unhide) and delete, one server call for any number of media. */
export function useModerationActions() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('moderation');
  const queryClient = useQueryClient();

  const keep = useMutation({
    mutationFn: (ids: Identifier[]) => dp.keepReported(ids),
    onSuccess: (r) => {
      notify(keptText(r.kept.length, r.notFound.length), { type: 'success' });
      unselectAll();
      refresh();
    },
    onError: (err) => notifyError(err, TRUST_TEXTS.keepFailed),
  });
  const remove = useMutation({
    mutationFn: (ids: Identifier[]) => dp.deleteReported(ids),
    onSuccess: (r) => {
      notify(deletedText(r.notFound.length), { type: 'success' });
      unselectAll();
      void queryClient.invalidateQueries({ queryKey: ['mediaTotals'] });
      void queryClient.invalidateQueries({ queryKey: ['adminStats'] });
      refresh();
    },
    onError: (err) => notifyError(err, TEXTS.deleteMediaFailed),
  });
  return {
    pending: keep.isPending || remove.isPending,
    keep: (ids: Identifier[], onDone?: () => void) => keep.mutate(ids, { onSuccess: () => onDone?.() }),
    remove: (ids: Identifier[], onDone?: () => void) => remove.mutate(ids, { onSuccess: () => onDone?.() }),
  };
}
