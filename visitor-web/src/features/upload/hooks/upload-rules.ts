import { MB } from '../../../lib/format';

/** Upload rules of spec §5 and §9; MB as the server counts it (10^6 bytes, upload-policy.ts). */
export const IMAGE_MAX_BYTES = 10 * MB;
export const VIDEO_MAX_BYTES = 20 * MB;
export const DROP_MAX_BYTES = 20 * MB;

export const ACCEPT: Record<string, string[]> = {
  'image/jpeg': ['.jpeg', '.jpg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'video/mp4': ['.mp4'],
};

export const TYPE_MESSAGE = 'Only JPEG, PNG, GIF and WebP images or MP4 videos can be uploaded';
export const IMAGE_SIZE_MESSAGE = 'Image files must be under 10MB';
export const VIDEO_SIZE_MESSAGE = 'Video files must be under 20MB';

const EXT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

export type MediaKind = 'image' | 'video';

/** The kind of an allowed file, from its MIME type or (when the browser gives none) its extension. */
export function mediaKind(file: { name: string; type: string }): MediaKind | null {
  let type = (file.type || '').toLowerCase();
  if (type === 'image/jpg') type = 'image/jpeg';
  if (!type) type = EXT_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
  if (!(type in ACCEPT)) return null;
  return type.startsWith('video/') ? 'video' : 'image';
}

/** Size rule per kind: images under 10 MB, videos under 20 MB. */
export function sizeError(file: { name: string; type: string; size: number }): string | null {
  const kind = mediaKind(file);
  if (kind === 'image' && file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  if (kind === 'video' && file.size > VIDEO_MAX_BYTES) return VIDEO_SIZE_MESSAGE;
  return null;
}

/** Full check (type, emptiness and size); null when the file may be queued. */
export function validateFile(file: { name: string; type: string; size: number }): string | null {
  if (!mediaKind(file)) return TYPE_MESSAGE;
  if (file.size <= 0) return 'The file is empty';
  return sizeError(file);
}

/** Human text for a react-dropzone rejection code. */
export function rejectionText(
  code: string,
  file: { name: string; type: string; size: number },
  fallback?: string,
): string {
  switch (code) {
    case 'file-invalid-type':
      return TYPE_MESSAGE;
    case 'file-too-large':
      return sizeError(file) ?? (mediaKind(file) === 'image' ? IMAGE_SIZE_MESSAGE : VIDEO_SIZE_MESSAGE);
    case 'file-too-small':
      return 'The file is empty';
    case 'too-many-files':
      return 'Too many files at once';
    default:
      return fallback || 'This file cannot be uploaded';
  }
}
