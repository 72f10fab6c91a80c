import { Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { DomainError } from '../../../platform/domain-error.js';
import type { AcceptedType } from '../domain/upload-policy.js';
import { ImageSanitizer } from '../image-sanitizer.js';

// a 10 MB file can still decode to gigabytes of pixels; 100 MP (frames of an animation count together) covers any phone camera
const MAX_INPUT_PIXELS = 100_000_000;

@Injectable()
export class SharpImageSanitizer extends ImageSanitizer {
  async sanitize(inputPath: string, outputPath: string, type: AcceptedType): Promise<number> {
    const animated = type.ext === 'gif' || type.ext === 'webp';
    // no withMetadata/keepMetadata: sharp writes no EXIF, XMP, IPTC or ICC unless told to
    let image = sharp(inputPath, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    switch (type.ext) {
      case 'jpg':
        image = image.jpeg({ quality: 90 });
        break;
      case 'png':
        image = image.png();
        break;
      case 'gif':
        image = image.gif();
        break;
      case 'webp':
        image = image.webp({ quality: 90 });
        break;
      default:
        throw new Error(`Not an image type: ${type.mimeType}`);
    }
    try {
      return (await image.toFile(outputPath)).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code) throw err; // disk trouble, not a bad image
      const message = (err as Error).message ?? '';
      if (/pixel limit/i.test(message)) {
        throw new DomainError(
          'payload_too_large',
          'Image dimensions are too large (at most 100 megapixels, all animation frames together)',
        );
      }
      throw new DomainError('unsupported_media_type', `The ${type.label} could not be read; the file may be damaged`);
    }
  }
}
