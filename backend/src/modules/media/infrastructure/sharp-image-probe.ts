import { Injectable } from '@nestjs/common';
import sharp, { type Metadata } from 'sharp';
import { AppConfig } from '../../../config/env.js';
import { DomainError } from '../../../platform/domain-error.js';
import { assertWithinPixelBudget, MAX_IMAGE_PIXELS } from '../domain/image-limits.js';
import { displaySize } from '../domain/renditions.js';
import type { AcceptedType } from '../domain/upload-policy.js';
import { type ImageFacts, ImageProbe } from '../image-probe.js';
import { thumbHashOf } from './thumbhash.js';

@Injectable()
export class SharpImageProbe extends ImageProbe {
  constructor(private readonly config: AppConfig) {
    super();
    // every upload is a new file: libvips' operation cache would only keep pixels alive
    sharp.cache(false);
  }

  async inspect(path: string, type: AcceptedType): Promise<ImageFacts> {
    const unreadable = () =>
      new DomainError('unsupported_media_type', `The ${type.label} could not be read; the file may be damaged`);
    let meta: Metadata;
    try {
      meta = await sharp(path, { animated: true, limitInputPixels: false }).metadata();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code) throw err; // disk trouble, not a bad image
      throw unreadable();
    }
    if (!meta.width || !meta.height) throw unreadable();
    const frames = meta.pages ?? 1;
    const frameHeight = meta.pageHeight ?? meta.height;
    const interlacedPng = type.mimeType === 'image/png' && meta.isProgressive === true;
    assertWithinPixelBudget(meta.width, frameHeight, frames, this.config.mediaLimits, interlacedPng);
    const orientation = meta.orientation ?? 1;
    let placeholder: string;
    try {
      // the first frame only, decoded small (a JPEG shrinks while it decodes): proof it reads, and the placeholder
      placeholder = await thumbHashOf(
        sharp(path, { pages: 1, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient(),
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code) throw err;
      throw unreadable();
    }
    return { ...displaySize(meta.width, frameHeight, orientation >= 5), orientation, placeholder };
  }
}
