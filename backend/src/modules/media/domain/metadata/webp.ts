import { isRotatingOrientation, orientationOnlyTiff } from './exif-orientation.js';
import { DamagedImageError } from './image-format-error.js';

/** Chunks of the picture, its alpha, colour profile and animation; EXIF, XMP and unknown chunks go. */
const KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ICCP', 'ANIM', 'ANMF']);
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** The WebP without EXIF and XMP chunks, pixels untouched; a rotating orientation stays as a one-field EXIF chunk. */
export function stripWebp(input: Buffer, orientation?: number): Buffer {
  if (input.length < 12 || input.toString('latin1', 0, 4) !== 'RIFF' || input.toString('latin1', 8, 12) !== 'WEBP')
    throw new DamagedImageError('WebP', 'no RIFF/WEBP header');
  const riffEnd = 8 + input.readUInt32LE(4);
  if (riffEnd > input.length) throw new DamagedImageError('WebP', 'the file is shorter than its header says');
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 12; at < riffEnd;) {
    if (at + 8 > riffEnd) throw new DamagedImageError('WebP', 'the file ends inside a chunk header');
    const type = input.toString('latin1', at, at + 4);
    const size = input.readUInt32LE(at + 4);
    if (at + 8 + size > riffEnd) throw new DamagedImageError('WebP', `the ${type} chunk runs past the end`);
    if (KEPT.has(type)) chunks.push({ type, data: input.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
  }
  const vp8x = chunks.find((c) => c.type === 'VP8X');
  const exif = isRotatingOrientation(orientation) && vp8x ? orientationOnlyTiff(orientation) : null;
  if (vp8x) {
    const flags = Buffer.from(vp8x.data);
    flags[0] = (flags[0]! & ~(EXIF_FLAG | XMP_FLAG)) | (exif ? EXIF_FLAG : 0);
    vp8x.data = flags;
  }
  // EXIF comes after the image data (ANMF frames or the bitstream) in the extended layout
  const body = Buffer.concat([...chunks.map((c) => chunk(c.type, c.data)), ...(exif ? [chunk('EXIF', exif)] : [])]);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}
