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

  // one line about the link going down, however many files wait for it
  const toldOffline = useRef(false);
  const waitForLink = useCallback(
    (id: string) => {
      dispatch({ type: 'wait', id });
      if (toldOffline.current) return;
      toldOffline.current = true;
      toast({
        title: 'Waiting for a connection',
        description: 'You are offline. Your uploads will start by themselves when the connection is back.',
      });
    },
    [dispatch],
  );

  const upload = useCallback(
    async (id: string, resumed = false): Promise<boolean> => {
      const item = latest.current.find((i) => i.id === id);
      if (!item || !canUpload(item)) return false;
      // offline (the session may not even have loaded): it waits for the link
      if (!navigator.onLine) {
        waitForLink(id);
        return false;
      }
      if (userId === undefined) return false;
      dispatch({ type: 'start', id });
      const handle = uploadMedia(item.file, userId, item.key, (progress) =>
        dispatch({ type: 'progress', id, progress }),
      );
      handles.current.set(id, handle);
      try {
        const stored = await handle.promise;
        dispatch({ type: 'complete', id, mediaId: Number(stored.id) });
        // files that waited for the link report together, once they are all in (see the effect below)
        if (!resumed)
          toast({
            title: 'Upload Successful',
            description: 'Your media has been uploaded successfully!',
            variant: 'success',
          });
        track('upload', { kind: mediaKind(item.file), size: item.file.size });
        void qc.invalidateQueries({ queryKey: queryKey('/api/users/{id}/stats') });
        return true;
      } catch (err) {
        if (!handles.current.has(id)) return false; // removed while uploading
        const known = err instanceof UploadError;
        // the link went down mid-file: it waits for the link like the rest, rather than failing
        if (known && err.status === 0 && !navigator.onLine) {
          waitForLink(id);
          return false;
        }
        dispatch({
          type: 'fail',
          id,
          error: known ? err.message : 'Upload failed',
          retryable: known ? isRetryableStatus(err.status) : true,
        });
        return false;
      } finally {
        handles.current.delete(id);
      }
    },
    [dispatch, qc, userId, waitForLink],
  );

  // The link is back: the files that waited for it go up one after the other, with no tap, and
  // one toast says how many made it.
  const resuming = useRef(false);
  useEffect(() => {
    const resume = async () => {
      if (resuming.current) return;
      resuming.current = true;
      toldOffline.current = false;
      let done = 0;
      try {
        for (let next = latest.current.find((i) => i.waiting); next; next = latest.current.find((i) => i.waiting)) {
          if (!navigator.onLine) return; // down again: the next 'online' carries on
          if (await upload(next.id, true)) done += 1;
          // still waiting (offline again, or no session yet): a later 'online' or the session carries on
          else if (latest.current.find((i) => i.id === next!.id)?.waiting || userId === undefined) return;
        }
      } finally {
        resuming.current = false;
        if (done > 0)
          toast({
            title: 'Upload Successful',
            description:
              done === 1
                ? 'The upload that waited for the connection is done.'
                : `The ${done} uploads that waited for the connection are done.`,
            variant: 'success',
          });
      }
    };
    const onOnline = () => void resume();
    window.addEventListener('online', onOnline);
    // back online before the session had loaded: they go once it has (upload() changes with userId)
    if (navigator.onLine && userId !== undefined && latest.current.some((i) => i.waiting)) void resume();
    return () => window.removeEventListener('online', onOnline);
  }, [upload, userId]);

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
      // offline, each of them waits for the link instead (upload() marks it)
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
