import type { AcceptedType } from './domain/upload-policy.js';

/** What an upload learns of an image before it is stored. */
export interface ImageFacts {
  /** display size: the EXIF orientation applied */
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1 when absent): the one metadata field the stored original keeps */
  orientation: number;
  /** ThumbHash (base64) of the first frame, upright */
  placeholder: string;
}

/**
 * Reads an uploaded image enough to trust it: size and frames from its header (refused past
 * the pixel budgets), then the first frame decoded small (refused when it cannot be read),
 * which also gives the placeholder. Never writes the file: the original's bytes are kept.
 */
export abstract class ImageProbe {
  /** Throws DomainError unsupported_media_type (unreadable) or payload_too_large (pixel budgets). */
  abstract inspect(path: string, type: AcceptedType): Promise<ImageFacts>;
}
