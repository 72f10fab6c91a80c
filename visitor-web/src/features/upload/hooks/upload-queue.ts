export type UploadStatus = 'pending' | 'uploading' | 'completed' | 'error';

export interface QueueItem {
  id: string;
  file: File;
  /** Idempotency-Key sent with every try of this file: a retry after a lost answer is stored once. */
  key: string;
  progress: number;
  status: UploadStatus;
  error: string | null;
  /** a failure another try may cure (the network, the server busy or down), not a refusal of the file */
  retryable: boolean;
  /** pending because the link is down: it starts by itself when the link returns */
  waiting: boolean;
  /** the stored item, once completed (to share it) */
  mediaId: number | null;
}

export type QueueAction =
  | { type: 'add'; items: { id: string; file: File; key: string }[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'complete'; id: string; mediaId: number }
  | { type: 'wait'; id: string }
  | { type: 'fail'; id: string; error: string; retryable: boolean }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clear-completed' };

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function queueReducer(state: QueueItem[], action: QueueAction): QueueItem[] {
  const update = (id: string, fn: (i: QueueItem) => QueueItem) => state.map((i) => (i.id === id ? fn(i) : i));
  switch (action.type) {
    case 'add':
      return [
        ...state,
        ...action.items.map(({ id, file, key }) => ({
          id,
          file,
          key,
          progress: 0,
          status: 'pending' as const,
          error: null,
          retryable: false,
          waiting: false,
          mediaId: null,
        })),
      ];
    case 'start':
      // Only pending items can be uploaded.
      return update(action.id, (i) =>
        i.status === 'pending' ? { ...i, status: 'uploading', progress: 0, error: null, waiting: false } : i,
      );
    case 'progress':
      return update(action.id, (i) =>
        i.status === 'uploading' ? { ...i, progress: Math.max(i.progress, clamp(action.progress)) } : i,
      );
    case 'complete':
      return update(action.id, (i) => ({
        ...i,
        status: 'completed',
        progress: 100,
        error: null,
        retryable: false,
        waiting: false,
        mediaId: action.mediaId,
      }));
    case 'wait':
      // offline: back to pending (same file, same key), to start again when the link returns
      return update(action.id, (i) =>
        i.status === 'pending' || i.status === 'uploading'
          ? { ...i, status: 'pending', progress: 0, error: null, waiting: true }
          : i,
      );
    case 'fail':
      // the bar goes back to 0: how much reached the server is unknown (the browser counts bytes handed to the network)
      return update(action.id, (i) => ({
        ...i,
        status: 'error',
        progress: 0,
        error: action.error,
        retryable: action.retryable,
      }));
    case 'retry':
      // a failed item goes back to pending (same file, same key), ready to be uploaded again
      return update(action.id, (i) =>
        canRetry(i) ? { ...i, status: 'pending', progress: 0, error: null, retryable: false } : i,
      );
    case 'remove':
      return state.filter((i) => i.id !== action.id);
    case 'clear-completed':
      return state.filter((i) => i.status !== 'completed');
  }
}

export const canUpload = (item: QueueItem): boolean => item.status === 'pending';
export const canRetry = (item: QueueItem): boolean => item.status === 'error' && item.retryable;
export const isUploading = (items: QueueItem[]): boolean => items.some((i) => i.status === 'uploading');
/** Upload All (which retries failed items too): off when nothing is pending or failed, or an upload is in progress. */
export const canUploadAll = (items: QueueItem[]): boolean =>
  items.some((i) => canUpload(i) || canRetry(i)) && !isUploading(items);

/** Statuses a server answer may be cured by trying again; 0 is a dropped connection. */
export const isRetryableStatus = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || status >= 500;

let counter = 0;
export function newItemId(): string {
  counter += 1;
  return `u${Date.now().toString(36)}${counter}`;
}

/** A random Idempotency-Key for one file (crypto.randomUUID needs a secure context; plain http on a LAN has none). */
export function newUploadKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
