import { DomainError } from '../../../platform/domain-error.js';

/**
 * Pixel budgets of an uploaded image, checked from its header before anything is decoded. A
 * 10 MB file can still decode to gigabytes of pixels: 100 MP covers any phone camera. An
 * animation is decoded frame by frame at its full screen size, so a GIF of thousands of tiny
 * frames costs seconds of CPU per upload: frames and their total area are capped apart.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;
export const MAX_ANIMATION_FRAMES = 500;
export const MAX_ANIMATION_PIXELS = 50_000_000;

export const ANIMATION_LIMIT_MESSAGE = `Animated images may have at most ${MAX_ANIMATION_FRAMES} frames and ${
  MAX_ANIMATION_PIXELS / 1_000_000
} megapixels in all frames together`;
export const IMAGE_PIXELS_MESSAGE = `Image dimensions are too large (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels)`;

/** Throws 413 with the limit it passed; `frameHeight` is one frame's (the whole image's when still). */
export function assertWithinPixelBudget(width: number, frameHeight: number, frames: number): void {
  const area = width * frameHeight;
  if (area > MAX_IMAGE_PIXELS) throw new DomainError('payload_too_large', IMAGE_PIXELS_MESSAGE);
  if (frames > 1 && (frames > MAX_ANIMATION_FRAMES || area * frames > MAX_ANIMATION_PIXELS)) {
    throw new DomainError('payload_too_large', ANIMATION_LIMIT_MESSAGE);
  }
}
