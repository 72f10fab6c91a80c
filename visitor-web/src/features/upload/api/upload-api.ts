import { uploadWithProgress, type UploadHandle } from '../../../lib/api-client';
import type { Answer } from '@vibe/contract/client';
import type { Id } from '../../../api/types';

type Uploaded = Answer<'/api/media/upload', 'post'>;

/** `key`: the file's Idempotency-Key, the same on every retry, so the server stores it once. */
export function uploadMedia(
  file: File,
  userId: Id,
  key: string,
  onProgress: (p: number) => void,
): UploadHandle<Uploaded> {
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('file', file, file.name);
  return uploadWithProgress<Uploaded>('/api/media/upload', form, onProgress, { 'Idempotency-Key': key });
}
