import { stripGif } from './gif.js';
import { stripJpeg } from './jpeg.js';
import { stripPng } from './png.js';
import { stripWebp } from './webp.js';

/**
 * An uploaded image's bytes without metadata, by its sniffed type (`jpg`, `png`, `gif`, `webp`).
 * Nothing is decoded or re-encoded: pixels, colours and animation stay exactly as uploaded.
 */
export function stripImageMetadata(ext: string, input: Buffer, orientation?: number): Buffer {
  switch (ext) {
    case 'jpg':
      return stripJpeg(input, orientation);
    case 'png':
      return stripPng(input, orientation);
    case 'webp':
      return stripWebp(input, orientation);
    case 'gif':
      return stripGif(input);
    default:
      throw new Error(`Not an image type: ${ext}`);
  }
}
