export type UploadStatus = 'pending' | 'uploading' | 'completed' | 'error';

export interface QueueItem {
  id: string;
  file: File;
  progress: number;
  status: UploadStatus;
  error: string | null;
}

export type QueueAction =
  | { type: 'add'; items: { id: string; file: File }[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'complete'; id: string }
  | { type: 'fail'; id: string; error: string }
  | { type: 'remove'; id: string }
  | { type: 'clear-completed' };

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));

export function queueReducer(state: QueueItem[], action: QueueAction): QueueItem[] {
  const update = (id: string, fn: (i: QueueItem) => QueueItem) => state.map((i) => (i.id === id ? fn(i) : i));
  switch (action.type) {
    case 'add':
      return [
        ...state,
        ...action.items.map(({ id, file }) => ({ id, file, progress: 0, status: 'pending' as const, error: null })),
      ];
    case 'start':
      // Only pending items can be uploaded.
      return update(action.id, (i) =>
        i.status === 'pending' ? { ...i, status: 'uploading', progress: 0, error: null } : i,
      );
    case 'progress':
      return update(action.id, (i) =>
        i.status === 'uploading' ? { ...i, progress: Math.max(i.progress, clamp(action.progress)) } : i,
      );
    case 'complete':
      return update(action.id, (i) => ({ ...i, status: 'completed', progress: 100, error: null }));
    case 'fail':
      return update(action.id, (i) => ({ ...i, status: 'error', error: action.error }));
    case 'remove':
      return state.filter((i) => i.id !== action.id);
    case 'clear-completed':
      return state.filter((i) => i.status !== 'completed');
  }
}

export const canUpload = (item: QueueItem): boolean => item.status === 'pending';
export const isUploading = (items: QueueItem[]): boolean => items.some((i) => i.status === 'uploading');
/** Upload All: off when nothing is pending or an upload is in progress. */
export const canUploadAll = (items: QueueItem[]): boolean => items.some(canUpload) && !isUploading(items);

let counter = 0;
export function newItemId(): string {
  counter += 1;
  return `u${Date.now().toString(36)}${counter}`;
}
