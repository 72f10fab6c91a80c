import type { AcceptedType } from './domain/upload-policy.js';

/**
 * Re-encodes an uploaded image in its own format: applies the EXIF orientation to the pixels
 * and drops all metadata (GPS, camera, comments); animated GIF/WebP stay animated.
 */
export abstract class ImageSanitizer {
  /** Throws DomainError unsupported_media_type when the image cannot be decoded. Answers the output size in bytes. */
  abstract sanitize(inputPath: string, outputPath: string, type: AcceptedType): Promise<number>;
}
