import { uploadWithProgress, type UploadHandle } from '../../../lib/api-client';
import type { Id, MediaStat } from '../../../api/types';

export function uploadMedia(file: File, userId: Id, onProgress: (p: number) => void): UploadHandle<MediaStat> {
  const form = new FormData();
  form.append('userId', String(userId));
  form.append('file', file, file.name);
  return uploadWithProgress<MediaStat>('/api/media/upload', form, onProgress);
}
