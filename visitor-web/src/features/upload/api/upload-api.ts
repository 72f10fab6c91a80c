import { uploadWithProgress, type UploadHandle } from '../../../lib/api-client';

export interface UploadedMedia {
  id: number | string;
  url: string;
  mimeType: string;
  originalName: string;
  size: number;
}

/** `key`: the file's Idempotency-Key, the same on every retry, so the server stores it once. */
export function uploadMedia(
  file: File,
  userId: number | string,
  key: string,
  onProgress: (p: number) => void,
): UploadHandle<UploadedMedia> {
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('file', file, file.name);
  return uploadWithProgress<UploadedMedia>('/api/media/upload', form, onProgress, { 'Idempotency-Key': key });
}
