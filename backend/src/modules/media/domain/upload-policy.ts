import { DomainError } from '../../../platform/domain-error.js';

import {
  type MediaKind,
  sizeLimitOf,
  tooLargeMessage,
  UPLOAD_TYPES,
  type UploadType,
  VIDEO_MAX_BYTES,
} from '@vibe/contract/upload';

/** What visitors may upload (spec §5/§9, the contract the visitor app checks too), judged by the file's magic bytes, never by its name or the client's MIME type. */
export { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES, tooLargeMessage, type MediaKind } from '@vibe/contract/upload';
export type AcceptedType = UploadType;

/** An upload on local disk, already checked by type and size: what the route hands the service. */
export interface ReceivedFile {
  path: string;
  size: number;
  type: AcceptedType;
  originalName: string;
}

/** Multipart framing and the userId field on top of the largest file allowed. */
export const MAX_REQUEST_BYTES = VIDEO_MAX_BYTES + 64 * 1024;
/** Bytes of the file head the type is sniffed from. */
export const SNIFF_BYTES = 4100;

export const ALLOWED_TYPES_MESSAGE = 'Only JPEG, PNG, GIF, WebP images and MP4 videos are allowed';
export const NOT_A_PLAYABLE_MP4 = 'This file starts like an MP4 video but is not a complete, playable one';

const byMime = (mimeType: string): AcceptedType => UPLOAD_TYPES.find((t) => t.mimeType === mimeType)!;

/** The accepted type a stored row's MIME type names (rows only ever hold accepted types), or null. */
export const acceptedTypeOf = (mimeType: string): AcceptedType | null =>
  UPLOAD_TYPES.find((t) => t.mimeType === mimeType) ?? null;
const [JPEG, PNG, GIF, WEBP, MP4] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4'].map(byMime);

/** Keyed by the sniffer's extension: file-type names an animated PNG "apng" and keeps M4V, MOV, 3GP apart from mp4. */
const BY_SNIFFED_EXT: Record<string, AcceptedType> = { jpg: JPEG, png: PNG, apng: PNG, gif: GIF, webp: WEBP, mp4: MP4 };

/** Client file names may carry a path (C:\fakepath\x.jpg); only the last segment counts. */
const baseName = (name: string): string => name.split(/[\\/]/).pop() ?? '';

export function nameExtension(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(baseName(name).trim());
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * The accepted type for a sniffed file, or a 415. A file whose name carries an extension must
 * carry one of its real type (a PNG named .mp4 or a page named .jpg is refused); no extension
 * (a pasted clipboard blob) is judged by content alone.
 */
export function acceptUpload(sniffed: { ext: string; mime: string } | undefined, originalName: string): AcceptedType {
  const type = sniffed ? BY_SNIFFED_EXT[sniffed.ext] : undefined;
  if (!type) {
    throw new DomainError('unsupported_media_type', `This file type is not supported. ${ALLOWED_TYPES_MESSAGE}.`);
  }
  const ext = nameExtension(originalName);
  if (ext !== null && !type.nameExtensions.includes(ext)) {
    throw new DomainError(
      'unsupported_media_type',
      `The file's content is a ${type.label} but its name ends in .${ext}. Rename it to .${type.ext}; ${ALLOWED_TYPES_MESSAGE}.`,
    );
  }
  return type;
}

export function assertWithinLimit(kind: MediaKind, bytes: number): void {
  if (bytes > sizeLimitOf(kind)) throw new DomainError('payload_too_large', tooLargeMessage(kind));
}

/** A request body that cannot hold an allowed file, refused before a byte of it is read. */
export function assertRequestSize(contentLength: number | undefined): void {
  if (contentLength !== undefined && contentLength > MAX_REQUEST_BYTES) {
    throw new DomainError('payload_too_large', 'Files must be under 20MB (images under 10MB)');
  }
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name shown back to its owner: last path segment, no control or bidi-override characters,
 * at most 255 characters (the column), never empty.
 */
export function sanitizeOriginalName(name: string, type: AcceptedType): string {
  const cleaned = baseName(name).replace(UNSAFE_CHARS, '').trim();
  const chars = Array.from(cleaned.normalize('NFC'));
  if (chars.length === 0) return `upload.${type.ext}`;
  if (chars.length <= 255) return chars.join('');
  // keep the extension when shortening
  const ext = nameExtension(cleaned);
  const tail = ext ? `.${ext}` : '';
  return chars.slice(0, 255 - tail.length).join('') + tail;
}

/** Generated, never from the client: uploads/YYYY/MM/<uuid>.<ext>. */
export function storageKeyFor(type: AcceptedType, id: string, now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `uploads/${now.getUTCFullYear()}/${month}/${id}.${type.ext}`;
}
