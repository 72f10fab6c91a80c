import zlib from 'node:zlib';
import { isRotatingOrientation, orientationOnlyTiff } from './exif-orientation.js';
import { DamagedImageError } from './image-format-error.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Chunks that shape the picture, its colours or its animation. Text (tEXt, zTXt, iTXt: XMP and
 * comments live there), tIME, eXIf and every unknown ancillary chunk go.
 */
const KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'hIST',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** The PNG without its metadata chunks, pixels untouched; a rotating orientation is kept as a one-field eXIf. */
export function stripPng(input: Buffer, orientation?: number): Buffer {
  if (input.length < 8 || !input.subarray(0, 8).equals(SIGNATURE)) throw new DamagedImageError('PNG', 'no signature');
  const out: Buffer[] = [SIGNATURE];
  let exifPending = isRotatingOrientation(orientation);
  let at = 8;
  for (;;) {
    if (at + 12 > input.length) throw new DamagedImageError('PNG', 'the file ends inside a chunk');
    const length = input.readUInt32BE(at);
    const type = input.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > input.length)
      throw new DamagedImageError('PNG', `the ${type} chunk runs past the end`);
    if (exifPending && (type === 'IDAT' || type === 'IEND')) {
      out.push(chunk('eXIf', orientationOnlyTiff(orientation!))); // eXIf must come before the image data
      exifPending = false;
    }
    if (KEPT.has(type)) out.push(input.subarray(at, end));
    at = end;
    if (type === 'IEND') return Buffer.concat(out); // anything appended after the image goes
  }
}
