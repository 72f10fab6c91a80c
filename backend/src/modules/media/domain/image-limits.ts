import { DomainError } from '../../../platform/domain-error.js';
import type { MediaLimits } from './media-budget.js';

/**
 * Pixel budgets of an uploaded image, checked from its header before anything is decoded. A
 * 10 MB file can still decode to gigabytes of pixels: 100 MP covers any phone camera. An
 * animation is decoded frame by frame at its full screen size, so a GIF of thousands of tiny
 * frames costs seconds of CPU per upload: frames and their total area are capped apart. An
 * interlaced PNG cannot be shrunk while it decodes: it is decoded whole, so it gets less.
 * The limits are settings (env.ts `mediaLimits`); the constant below is the renditions' ceiling.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

type ImageLimits = Pick<
  MediaLimits,
  'imageMaxMegapixels' | 'interlacedMaxMegapixels' | 'animationMaxFrames' | 'animationMaxMegapixels'
>;

const MP = 1_000_000;

/**
 * Throws 413 (422 for an interlaced PNG) with the limit it passed; `frameHeight` is one frame's
 * (the whole image's when still).
 */
export function assertWithinPixelBudget(
  width: number,
  frameHeight: number,
  frames: number,
  limits: ImageLimits,
  interlacedPng = false,
): void {
  const area = width * frameHeight;
  if (area > limits.imageMaxMegapixels * MP)
    throw new DomainError(
      'payload_too_large',
      `Image dimensions are too large (at most ${limits.imageMaxMegapixels} megapixels)`,
    );
  if (interlacedPng && area > limits.interlacedMaxMegapixels * MP)
    throw new DomainError(
      'unprocessable',
      `Interlaced PNG images may be at most ${limits.interlacedMaxMegapixels} megapixels; save it without interlacing`,
    );
  if (frames > 1 && (frames > limits.animationMaxFrames || area * frames > limits.animationMaxMegapixels * MP)) {
    throw new DomainError(
      'payload_too_large',
      `Animated images may have at most ${limits.animationMaxFrames} frames and ${limits.animationMaxMegapixels} megapixels in all frames together`,
    );
  }
}
