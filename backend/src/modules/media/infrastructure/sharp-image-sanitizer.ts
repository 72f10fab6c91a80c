import { Injectable } from '@nestjs/common';
import os from 'node:os';
import sharp from 'sharp';
import { ConcurrencyGate } from '../../../platform/concurrency-gate.js';
import { DomainError } from '../../../platform/domain-error.js';
import type { AcceptedType } from '../domain/upload-policy.js';
import { ImageSanitizer } from '../image-sanitizer.js';

// a 10 MB file can still decode to gigabytes of pixels; 100 MP (frames of an animation count together) covers any phone camera
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Re-encodes running at once: one per core but one (at least one, at most three). Each holds a
 * decoder's and an encoder's buffers (about 15 MB for a 12 MP photo, kept by the allocator of the
 * thread that ran it) and one of libuv's 4 pool threads, which file reads and writes share; more
 * at once would not finish sooner on the cores there are, and the event loop keeps a core. Issue
 * 11: 8 concurrent 5 MB JPEG uploads grew the API by 53 MB each before, by ≤ 1.5× the file now.
 */
const RE_ENCODES_AT_ONCE = Math.max(1, Math.min(3, os.availableParallelism() - 1));

@Injectable()
export class SharpImageSanitizer extends ImageSanitizer {
  private readonly gate = new ConcurrencyGate(RE_ENCODES_AT_ONCE);

  constructor() {
    super();
    // every upload is a new file: libvips' operation cache would only keep up to 50 MB of pixels alive
    sharp.cache(false);
  }

  sanitize(inputPath: string, outputPath: string, type: AcceptedType): Promise<number> {
    return this.gate.run(() => this.reencode(inputPath, outputPath, type));
  }

  private async reencode(inputPath: string, outputPath: string, type: AcceptedType): Promise<number> {
    const animated = type.ext === 'gif' || type.ext === 'webp';
    // no withMetadata/keepMetadata: sharp writes no EXIF, XMP, IPTC or ICC unless told to
    let image = sharp(inputPath, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).autoOrient();
    switch (type.ext) {
      case 'jpg':
        // optimised Huffman tables need the whole image's coefficients in memory (36 MB at 12 MP)
        // for a file about 5 % smaller: written as it is encoded instead
        image = image.jpeg({ quality: 90, optimiseCoding: false });
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
