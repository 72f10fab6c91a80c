import { stat } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../domain/image-limits.js';
import { FULL_EDGE, PREVIEW_EDGE, THUMB_EDGE } from '../../domain/renditions.js';
import { thumbHashOf } from '../../infrastructure/thumbhash.js';
import { type MadeFile, UnrenderableMediaError } from '../rendition-maker.js';

/** WebP qualities of the two sizes; effort 4 is sharp's default speed/size trade-off. */
const PREVIEW_QUALITY = 80;
const THUMB_QUALITY = 72;
/**
 * A still's preview and full-size picture are never larger than the original photo (issue 31
 * item 2; a small or already well-compressed JPEG, a screenshot): tried at these qualities in
 * turn until one is (else the last).
 */
const SMALLER_QUALITIES = [70, 60, 50, 40];
/**
 * The full-size picture is tried at these qualities in turn until it fits FULL_MAX_BYTES: one tap
 * on a phone's mobile link fetches well under a megabyte, even for a detailed 50 MP photo.
 */
const FULL_QUALITIES = [80, 68, 55];
const FULL_MAX_BYTES = 900_000;

export interface PictureSet {
  /** the picture's own display size (orientation applied; one frame of an animation) */
  width: number;
  height: number;
  placeholder: string;
  preview: MadeFile;
  thumb: MadeFile;
  /** stills asked for it (`full`): WebP ≤ 2560 px for the full-size overlay */
  full?: MadeFile;
}

const webp = (quality: number, animated: boolean) =>
  animated ? { quality, effort: 4, loop: 0 } : { quality, effort: 4, smartSubsample: true };

/**
 * With `full` (a still photo) first the full-size picture (long edge ≤ 2560 px), then the preview
 * (≤ 1440 px) from it, and the thumbnail (≤ 480 px) from the preview — each resize reads the
 * smaller file before it instead of the camera's 12–50 MP. All upright (the orientation applied to
 * the decoded pixels), never enlarged, without any metadata (sharp writes none unless told to).
 * Animations stay animated in the preview (their thumbnail is the first frame, still) and, like
 * pictures within the preview's size, get no full-size picture (the overlay shows their preview).
 * Colours are converted to sRGB from the embedded ICC profile (Display P3, Adobe RGB, CMYK), which
 * is then dropped: sharp does both whenever the output is written without
 * withMetadata/keepIccProfile (media-fidelity.test.ts holds it to ΔE < 3).
 */
export async function makePictures(
  input: string | Buffer,
  workDir: string,
  { animated, full }: { animated: boolean; full: boolean },
): Promise<PictureSet> {
  const open = (src: string | Buffer) =>
    sharp(src, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).autoOrient();
  const fit = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
  try {
    const meta = await sharp(input, { animated }).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const ownWidth = meta.width ?? 0;
    const ownHeight = meta.pageHeight ?? meta.height ?? 0;
    const fullPath = path.join(workDir, 'full.webp');
    // a picture the preview holds whole needs no larger copy: the overlay shows the preview
    const wantFull = full && !animated && Math.max(ownWidth, ownHeight) > PREVIEW_EDGE;
    // the bytes no still rendition may exceed: the uploaded photo's (a video's poster frame has none)
    const ceiling = typeof input === 'string' && !animated ? (await stat(input)).size : Infinity;
    const fullInfo = wantFull
      ? await webpWithin(
          open(input).resize(fit(FULL_EDGE)),
          fullPath,
          FULL_QUALITIES,
          Math.min(FULL_MAX_BYTES, ceiling),
        )
      : null;
    const previewPath = path.join(workDir, 'preview.webp');
    const resizedPreview = open(fullInfo ? fullPath : input).resize(fit(PREVIEW_EDGE));
    const preview =
      ceiling === Infinity
        ? await resizedPreview.webp(webp(PREVIEW_QUALITY, animated)).toFile(previewPath)
        : await webpWithin(resizedPreview, previewPath, [PREVIEW_QUALITY, ...SMALLER_QUALITIES], ceiling);
    const thumbPath = path.join(workDir, 'thumb.webp');
    // the thumbnail is the first frame, still: grids show thumbnails and animate nothing (animated
    // thumbnails were 80 % of the admin Media grid's image bytes, issue 29); the preview animates
    const thumb = await sharp(previewPath, { pages: 1, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .resize(fit(THUMB_EDGE))
      .webp(webp(THUMB_QUALITY, false))
      .toFile(thumbPath);
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
        ...(animated && (preview.pages ?? 1) > 1 && { animated: true }),
      },
      thumb: { path: thumbPath, mimeType: 'image/webp', ext: 'webp', width: thumb.width, height: frameHeight(thumb) },
      ...(fullInfo && {
        full: { path: fullPath, mimeType: 'image/webp', ext: 'webp', width: fullInfo.width, height: fullInfo.height },
      }),
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code) throw err; // disk trouble: the job retries
    throw new UnrenderableMediaError(`The picture could not be decoded: ${(err as Error).message}`);
  }
}

/** A still as WebP at the first of `qualities` that fits `maxBytes` (else the last); resized and decoded once. */
async function webpWithin(resized: Sharp, target: string, qualities: number[], maxBytes: number): Promise<OutputInfo> {
  const pixels = await resized.raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = pixels.info;
  let info: OutputInfo | null = null;
  for (const quality of qualities) {
    info = await sharp(pixels.data, { raw: { width, height, channels } })
      .webp({ quality, effort: 4, smartSubsample: true })
      .toFile(target);
    if (info.size <= maxBytes) break;
  }
  return info!;
}
