import { DamagedImageError } from './image-format-error.js';

/** Application extensions that only carry the loop count of an animation. */
const LOOP_EXTENSIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/** Skips data sub-blocks (each a length byte and that many bytes, ended by a zero length); answers the offset after them. */
function skipSubBlocks(input: Buffer, at: number): number {
  for (;;) {
    if (at >= input.length) throw new DamagedImageError('GIF', 'the file ends inside a data block');
    const size = input[at]!;
    at += 1 + size;
    if (size === 0) return at;
  }
}

/**
 * The GIF without comments, XMP or other application data and without trailing bytes; frames,
 * palettes, timing and the loop count stay byte for byte. GIF has no orientation.
 */
export function stripGif(input: Buffer): Buffer {
  const version = input.toString('latin1', 0, 6);
  if (version !== 'GIF87a' && version !== 'GIF89a') throw new DamagedImageError('GIF', 'no GIF header');
  if (input.length < 13) throw new DamagedImageError('GIF', 'the file ends inside its header');
  const packed = input[10]!;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const out: Buffer[] = [input.subarray(0, at)];
  for (;;) {
    if (at >= input.length) throw new DamagedImageError('GIF', 'no trailer');
    const introducer = input[at]!;
    const start = at;
    if (introducer === 0x3b) {
      out.push(Buffer.from([0x3b]));
      return Buffer.concat(out);
    }
    if (introducer === 0x2c) {
      if (at + 10 > input.length) throw new DamagedImageError('GIF', 'the file ends inside an image descriptor');
      const local = input[at + 9]!;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 0x07) + 1) : 0);
      at = skipSubBlocks(input, at + 1); // LZW minimum code size, then the image data
      out.push(input.subarray(start, at));
      continue;
    }
    if (introducer !== 0x21 || at + 2 > input.length) throw new DamagedImageError('GIF', `unknown block at byte ${at}`);
    const label = input[at + 1]!;
    at = skipSubBlocks(input, at + 2);
    const application =
      label === 0xff && input[start + 2] === 11 ? input.toString('latin1', start + 3, start + 14) : null;
    // graphic control (frame timing, transparency) and the loop count stay; comments, plain text, XMP and the rest go
    if (label === 0xf9 || (application !== null && LOOP_EXTENSIONS.has(application)))
      out.push(input.subarray(start, at));
  }
}
