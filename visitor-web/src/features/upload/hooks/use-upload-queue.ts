import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UploadError } from '../../../lib/api-client';
import { toast } from '../../../components/toast-store';
import { track } from '../../../lib/analytics';
import { uploadMedia } from '../api/upload-api';
import { canUpload, canUploadAll, isUploading, newItemId, queueReducer, type QueueItem } from './upload-queue';
import { mediaKind } from './upload-rules';
import type { Id } from '../../../api/types';

export function useUploadQueue(userId: Id | undefined) {
  const qc = useQueryClient();
  const [items, dispatch] = useReducer(queueReducer, [] as QueueItem[]);
  const [batch, setBatch] = useState(false);
  const latest = useRef(items);
  latest.current = items;
  const handles = useRef(new Map<string, { abort: () => void }>());

  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const h of open.values()) h.abort();
    };
  }, []);

  const add = useCallback((files: File[]) => {
    if (files.length) dispatch({ type: 'add', items: files.map((file) => ({ id: newItemId(), file })) });
  }, []);

  const upload = useCallback(
    async (id: string) => {
      const item = latest.current.find((i) => i.id === id);
      if (!item || !canUpload(item) || userId === undefined) return;
      dispatch({ type: 'start', id });
      const handle = uploadMedia(item.file, userId, (progress) => dispatch({ type: 'progress', id, progress }));
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
        void qc.invalidateQueries({ queryKey: ['user-stats'] });
      } catch (err) {
        if (!handles.current.has(id)) return; // removed while uploading
        dispatch({ type: 'fail', id, error: err instanceof UploadError ? err.message : 'Upload failed' });
      } finally {
        handles.current.delete(id);
      }
    },
    [qc, userId],
  );

  const uploadAll = useCallback(async () => {
    if (!canUploadAll(latest.current)) return;
    setBatch(true);
    try {
      for (const id of latest.current.filter(canUpload).map((i) => i.id)) await upload(id);
    } finally {
      setBatch(false);
    }
  }, [upload]);

  const remove = useCallback((id: string) => {
    const h = handles.current.get(id);
    handles.current.delete(id);
    h?.abort();
    dispatch({ type: 'remove', id });
  }, []);

  const clearCompleted = useCallback(() => dispatch({ type: 'clear-completed' }), []);

  return {
    items,
    add,
    upload,
    uploadAll,
    remove,
    clearCompleted,
    uploading: batch || isUploading(items),
    canUploadAll: !batch && canUploadAll(items),
  };
}
