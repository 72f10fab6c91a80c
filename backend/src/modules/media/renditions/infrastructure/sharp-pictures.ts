import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../domain/image-limits.js';
import { PREVIEW_EDGE, THUMB_EDGE } from '../../domain/renditions.js';
import { thumbHashOf } from '../../infrastructure/thumbhash.js';
import { type MadeFile, UnrenderableMediaError } from '../rendition-maker.js';

/** WebP qualities of the two sizes; effort 4 is sharp's default speed/size trade-off. */
const PREVIEW_QUALITY = 80;
const THUMB_QUALITY = 72;

export interface PictureSet {
  /** the picture's own display size (orientation applied; one frame of an animation) */
  width: number;
  height: number;
  placeholder: string;
  preview: MadeFile;
  thumb: MadeFile;
}

const webp = (quality: number, animated: boolean) =>
  animated ? { quality, effort: 4, loop: 0 } : { quality, effort: 4, smartSubsample: true };

/**
 * The preview (long edge ≤ 1440 px, never enlarged) from the picture, upright and without any
 * metadata (sharp writes none unless told to), then the thumbnail (≤ 480 px) from the preview —
 * the second resize reads 2 MP instead of the camera's 12–50. Animations stay animated.
 */
export async function makePictures(input: string | Buffer, workDir: string, animated: boolean): Promise<PictureSet> {
  const open = (src: string | Buffer) =>
    sharp(src, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient();
  const fit = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const meta = await sharp(input, { animated }).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const ownWidth = meta.width ?? 0;
    const ownHeight = meta.pageHeight ?? meta.height ?? 0;
    const previewPath = path.join(workDir, 'preview.webp');
    const preview = await open(input)
      .resize(fit(PREVIEW_EDGE))
      .webp(webp(PREVIEW_QUALITY, animated))
      .toFile(previewPath);
    const thumbPath = path.join(workDir, 'thumb.webp');
    const thumb = await open(previewPath).resize(fit(THUMB_EDGE)).webp(webp(THUMB_QUALITY, animated)).toFile(thumbPath);
    // an animation's output height is all its frames stacked: one frame is what a screen shows
    const frameHeight = (info: OutputInfo) => info.pageHeight ?? info.height;
    return {
      width: turned ? ownHeight : ownWidth,
      height: turned ? ownWidth : ownHeight,
      placeholder: await thumbHashOf(sharp(thumbPath, { pages: 1 })),
      preview: {
        path: previewPath,
        mimeType: 'image/webp',
        ext: 'webp',
        width: preview.width,
        height: frameHeight(preview),
      },
      thumb: { path: thumbPath, mimeType: 'image/webp', ext: 'webp', width: thumb.width, height: frameHeight(thumb) },
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code) throw err; // disk trouble: the job retries
    throw new UnrenderableMediaError(`The picture could not be decoded: ${(err as Error).message}`);
  }
}
