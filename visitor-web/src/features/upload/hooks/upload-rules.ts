import { type MediaKind, sizeLimitOf, tooLargeMessage, UPLOAD_TYPES, VIDEO_MAX_BYTES } from '@vibe/contract/upload';

/** Upload rules of spec §5 and §9, from the contract the server enforces. */
export const DROP_MAX_BYTES = VIDEO_MAX_BYTES;

/** react-dropzone's accept: MIME type → the name extensions the server accepts for it. */
export const ACCEPT: Record<string, string[]> = Object.fromEntries(
  UPLOAD_TYPES.map((t) => [t.mimeType, t.nameExtensions.map((e) => `.${e}`)]),
);

export const TYPE_MESSAGE = 'Only JPEG, PNG, GIF and WebP images or MP4 videos can be uploaded';
export const IMAGE_SIZE_MESSAGE = tooLargeMessage('image');
export const VIDEO_SIZE_MESSAGE = tooLargeMessage('video');

const EXT_TYPES: Record<string, string> = Object.fromEntries(
  UPLOAD_TYPES.flatMap((t) => t.nameExtensions.map((e) => [e, t.mimeType])),
);

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
  return kind && file.size > sizeLimitOf(kind) ? tooLargeMessage(kind) : null;
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
