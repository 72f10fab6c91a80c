import { uploadWithProgress, type UploadHandle } from '../../../lib/api-client';
import type { Id, MediaStat } from '../../../api/types';

/** `key`: the file's Idempotency-Key, the same on every retry, so the server stores it once. */
export function uploadMedia(
  file: File,
  userId: Id,
  key: string,
  onProgress: (p: number) => void,
): UploadHandle<MediaStat> {
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('file', file, file.name);
  return uploadWithProgress<MediaStat>('/api/media/upload', form, onProgress, { 'Idempotency-Key': key });
}
