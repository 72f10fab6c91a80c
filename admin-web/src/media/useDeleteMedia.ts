import { useQueryClient } from '@tanstack/react-query';
import { useDelete, useDeleteMany, useNotify, useRefresh, useUnselectAll } from 'react-admin';
import { useNotifyError } from '../lib/useNotifyError';
import { TEXTS } from '../lib/texts';
import type { AdminMedia } from '../api/types';

/** Deletes one media or the selection (one server call), with the spec's toasts and fresh totals. */
export function useDeleteMedia() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const unselectAll = useUnselectAll('media');
  const [deleteOne, one] = useDelete<AdminMedia>();
  const [deleteMany, many] = useDeleteMany<AdminMedia>();
  const after = () => {
    void queryClient.invalidateQueries({ queryKey: ['mediaTotals'] });
    void queryClient.invalidateQueries({ queryKey: ['adminStats'] });
    refresh();
  };
  return {
    pending: one.isPending || many.isPending,
    deleteOne: (record: AdminMedia, onDone?: () => void) =>
      deleteOne(
        'media',
        { id: record.id, previousData: record },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notify(TEXTS.deleteMediaSuccess, { type: 'success' });
            after();
            onDone?.();
          },
          onError: (err) => notifyError(err, TEXTS.deleteMediaFailed),
        },
      ),
    deleteSelected: (ids: AdminMedia['id'][], onDone?: () => void) =>
      deleteMany(
        'media',
        { ids },
        {
          mutationMode: 'pessimistic',
          onSuccess: () => {
            notify(TEXTS.deleteMediaSuccess, { type: 'success' });
            unselectAll();
            after();
            onDone?.();
          },
          onError: (err) => notifyError(err, TEXTS.deleteMediaFailed),
        },
      ),
  };
}
