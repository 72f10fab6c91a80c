import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { UploadError } from '../../../lib/api-client';
import { toast } from '../../../components/toast-store';
import { track } from '../../../lib/analytics';
import { uploadMedia } from '../api/upload-api';
import {
  canRetry,
  canUpload,
  canUploadAll,
  isRetryableStatus,
  isUploading,
  newItemId,
  newUploadKey,
  queueReducer,
  type QueueAction,
  type QueueItem,
} from './upload-queue';
import { mediaKind } from './upload-rules';
import type { Id } from '../../../api/types';

export function useUploadQueue(userId: Id | undefined) {
  const qc = useQueryClient();
  const [items, dispatchToReact] = useReducer(queueReducer, [] as QueueItem[]);
  const [batch, setBatch] = useState(false);
  const latest = useRef(items);
  latest.current = items;
  // the queue as it is now, before React renders it: Upload All retries, then uploads, in one go
  const dispatch = useCallback((action: QueueAction) => {
    latest.current = queueReducer(latest.current, action);
    dispatchToReact(action);
  }, []);
  const handles = useRef(new Map<string, { abort: () => void }>());

  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const h of open.values()) h.abort();
    };
  }, []);

  const add = useCallback(
    (files: File[]) => {
      if (files.length)
        dispatch({ type: 'add', items: files.map((file) => ({ id: newItemId(), file, key: newUploadKey() })) });
    },
    [dispatch],
  );

  const upload = useCallback(
    async (id: string) => {
      const item = latest.current.find((i) => i.id === id);
      if (!item || !canUpload(item) || userId === undefined) return;
      dispatch({ type: 'start', id });
      const handle = uploadMedia(item.file, userId, item.key, (progress) =>
        dispatch({ type: 'progress', id, progress }),
      );
      handles.current.set(id, handle);
      try {
        await handle.promise;
        dispatch({ type: 'complete', id });
        toast({
          title: 'Upload Successful',
          description: 'Your media has been uploaded successfully!',
          variant: 'success',
        });
        track('upload', { kind: mediaKind(item.file), size: item.file.size });
        void qc.invalidateQueries({ queryKey: queryKey('/api/users/{id}/stats') });
      } catch (err) {
        if (!handles.current.has(id)) return; // removed while uploading
        const known = err instanceof UploadError;
        dispatch({
          type: 'fail',
          id,
          error: known ? err.message : 'Upload failed',
          retryable: known ? isRetryableStatus(err.status) : true,
        });
      } finally {
        handles.current.delete(id);
      }
    },
    [dispatch, qc, userId],
  );

  /** Another try of a failed item: the same file with the same key, so the server never stores it twice. */
  const retry = useCallback(
    async (id: string) => {
      const item = latest.current.find((i) => i.id === id);
      if (!item || !canRetry(item)) return;
      dispatch({ type: 'retry', id });
      await upload(id);
    },
    [dispatch, upload],
  );

  const uploadAll = useCallback(async () => {
    if (!canUploadAll(latest.current)) return;
    setBatch(true);
    try {
      for (const failed of latest.current.filter(canRetry)) dispatch({ type: 'retry', id: failed.id });
      for (const id of latest.current.filter(canUpload).map((i) => i.id)) await upload(id);
    } finally {
      setBatch(false);
    }
  }, [dispatch, upload]);

  const remove = useCallback(
    (id: string) => {
      const h = handles.current.get(id);
      handles.current.delete(id);
      h?.abort();
      dispatch({ type: 'remove', id });
    },
    [dispatch],
  );

  const clearCompleted = useCallback(() => dispatch({ type: 'clear-completed' }), [dispatch]);

  return {
    items,
    add,
    upload,
    retry,
    uploadAll,
    remove,
    clearCompleted,
    uploading: batch || isUploading(items),
    canUploadAll: !batch && canUploadAll(items),
  };
}
