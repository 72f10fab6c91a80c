/**
 * What visitors may upload (spec §5, §9): the types and the sizes. The visitor app checks a file
 * with these before sending it; the backend enforces the same by the file's magic bytes.
 */

/** Decimal, as the web apps show sizes and phones count them: "under 10MB" is under 10,000,000 bytes. */
export const MB = 1000 * 1000;
export const IMAGE_MAX_BYTES = 10 * MB;
export const VIDEO_MAX_BYTES = 20 * MB;

export type MediaKind = 'image' | 'video';

export interface UploadType {
  kind: MediaKind;
  mimeType: string;
  /** extension of stored keys, and the one a wrongly named file is told to use */
  ext: string;
  /** extensions a client file name may carry for this type */
  nameExtensions: readonly string[];
  label: string;
}

export const UPLOAD_TYPES: readonly UploadType[] = [
  {
    kind: 'image',
    mimeType: 'image/jpeg',
    ext: 'jpg',
    nameExtensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    label: 'JPEG image',
  },
  { kind: 'image', mimeType: 'image/png', ext: 'png', nameExtensions: ['png'], label: 'PNG image' },
  { kind: 'image', mimeType: 'image/gif', ext: 'gif', nameExtensions: ['gif'], label: 'GIF image' },
  { kind: 'image', mimeType: 'image/webp', ext: 'webp', nameExtensions: ['webp'], label: 'WebP image' },
  { kind: 'video', mimeType: 'video/mp4', ext: 'mp4', nameExtensions: ['mp4'], label: 'MP4 video' },
];

export const sizeLimitOf = (kind: MediaKind): number => (kind === 'image' ? IMAGE_MAX_BYTES : VIDEO_MAX_BYTES);

/** The spec's texts for a file over its kind's limit. */
export const tooLargeMessage = (kind: MediaKind): string =>
  kind === 'image' ? 'Image files must be under 10MB' : 'Video files must be under 20MB';
