import { Injectable } from '@nestjs/common';
import fs from 'node:fs/promises';
import { DomainError } from '../../platform/domain-error.js';
import { DamagedImageError } from './domain/metadata/image-format-error.js';
import { stripImageMetadata } from './domain/metadata/strip-image-metadata.js';
import { type AcceptedType, NOT_A_PLAYABLE_MP4 } from './domain/upload-policy.js';
import { type ImageFacts, ImageProbe } from './image-probe.js';
import { scrubMp4 } from './infrastructure/sniffing-upload-storage.js';

/**
 * Makes an original fit to serve: no metadata (location, camera, dates) in any stored file,
 * nothing re-encoded. Uploads and bucket imports both go through here.
 */
@Injectable()
export class OriginalCleaner {
  constructor(private readonly images: ImageProbe) {}

  /**
   * Reads the image (refused when unreadable or past the pixel budgets), writes it without
   * metadata to `target`. `changed`: the source held metadata (the bytes differ).
   */
  async image(
    source: string,
    type: AcceptedType,
    target: string,
  ): Promise<{ size: number; facts: ImageFacts; changed: boolean }> {
    const facts = await this.images.inspect(source, type);
    return { ...(await this.writeWithoutMetadata(source, type, facts, target)), facts };
  }

  /** The second half of `image`, for a caller that inspected the image itself (through the upload gate). */
  async writeWithoutMetadata(
    source: string,
    type: AcceptedType,
    facts: ImageFacts,
    target: string,
  ): Promise<{ size: number; changed: boolean }> {
    const original = await fs.readFile(source);
    let clean: Buffer;
    try {
      clean = stripImageMetadata(type.ext, original, facts.orientation);
    } catch (err) {
      if (!(err instanceof DamagedImageError)) throw err;
      throw new DomainError('unsupported_media_type', `The ${type.label} could not be read; the file may be damaged`);
    }
    await fs.writeFile(target, clean, { mode: 0o600 });
    return { size: clean.length, changed: !clean.equals(original) };
  }

  /**
   * Checks the MP4 and blanks its metadata in place (same size); refuses a file that is not a
   * playable MP4. Answers whether anything was blanked.
   */
  async video(path: string): Promise<boolean> {
    const file = await fs.open(path, 'r+');
    try {
      const { problem, changed } = await scrubMp4(file, (await file.stat()).size);
      if (problem) throw new DomainError('unsupported_media_type', NOT_A_PLAYABLE_MP4);
      return changed;
    } finally {
      await file.close();
    }
  }
}
