import { isRotatingOrientation, orientationOnlyTiff } from './exif-orientation.js';
import { DamagedImageError } from './image-format-error.js';

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP2 = 0xe2;
const APP14 = 0xee;

const startsWith = (buf: Buffer, at: number, text: string) => buf.toString('latin1', at, at + text.length) === text;

/** Markers that stand alone, without a length: RSTn, TEM (SOI and EOI are handled apart). */
const standalone = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01;

/**
 * Whether a segment is needed to decode the picture or show its colours: frame and scan headers,
 * tables, restart interval, the JFIF header, an ICC colour profile and Adobe's colour-transform
 * flag. Everything else — EXIF (GPS, camera, dates), XMP, IPTC, comments, maker and
 * multi-picture segments, JFIF thumbnails — goes.
 */
function keeps(marker: number, body: Buffer): boolean {
  if (marker >= 0xc0 && marker <= 0xcf) return true; // SOFn, DHT, DAC
  if (marker === SOS || marker === 0xdb || marker === 0xdd || marker === 0xdc) return true; // SOS, DQT, DRI, DNL
  if (marker === APP0) return startsWith(body, 0, 'JFIF\0');
  if (marker === APP2) return startsWith(body, 0, 'ICC_PROFILE\0');
  if (marker === APP14) return startsWith(body, 0, 'Adobe');
  return false; // APP1 (Exif, XMP), APP13 (IPTC), other APPn, COM, anything unknown
}

/** A JFIF header without its embedded thumbnail (a second, unstripped copy of the picture). */
function jfifWithoutThumbnail(body: Buffer): Buffer {
  if (body.length < 14) return body;
  const trimmed = Buffer.from(body.subarray(0, 14));
  trimmed[12] = 0; // thumbnail width
  trimmed[13] = 0; // thumbnail height
  return trimmed;
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.alloc(4);
  head[0] = 0xff;
  head[1] = marker;
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/**
 * The JPEG with every metadata segment removed and nothing re-encoded (the same pixels, never a
 * larger file). A rotating orientation is written back as the only EXIF field. Bytes after the
 * end-of-image marker (a phone's appended depth map, motion-photo video or second JPEG) go too.
 */
export function stripJpeg(input: Buffer, orientation?: number): Buffer {
  if (input.length < 4 || input[0] !== 0xff || input[1] !== SOI) throw new DamagedImageError('JPEG', 'no start marker');
  const out: Buffer[] = [input.subarray(0, 2)];
  const exif = isRotatingOrientation(orientation)
    ? segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), orientationOnlyTiff(orientation)]))
    : null;
  let exifWritten = exif === null;
  let at = 2;
  for (;;) {
    // markers may be preceded by fill bytes (0xFF)
    if (at >= input.length || input[at] !== 0xff) throw new DamagedImageError('JPEG', `no marker at byte ${at}`);
    while (at < input.length && input[at] === 0xff) at++;
    if (at >= input.length) throw new DamagedImageError('JPEG', 'the file ends inside a marker');
    const marker = input[at++]!;
    if (marker === EOI) {
      out.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(out);
    }
    if (marker === SOI || marker === 0x00) throw new DamagedImageError('JPEG', `unexpected marker at byte ${at - 2}`);
    if (standalone(marker)) {
      out.push(Buffer.from([0xff, marker]));
      continue;
    }
    if (at + 2 > input.length) throw new DamagedImageError('JPEG', 'the file ends inside a segment length');
    const length = input.readUInt16BE(at);
    if (length < 2 || at + length > input.length) throw new DamagedImageError('JPEG', `a segment runs past the end`);
    const body = input.subarray(at + 2, at + length);
    at += length;
    if (!exifWritten && marker !== APP0) {
      out.push(exif!); // after a JFIF header, before everything else
      exifWritten = true;
    }
    if (keeps(marker, body)) out.push(segment(marker, marker === APP0 ? jfifWithoutThumbnail(body) : body));
    if (marker !== SOS) continue;
    // entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker
    const dataStart = at;
    for (;;) {
      at = input.indexOf(0xff, at);
      if (at < 0 || at + 1 >= input.length) throw new DamagedImageError('JPEG', 'the image data is cut off');
      const next = input[at + 1]!;
      if (next !== 0 && !standalone(next)) break;
      at += 2;
    }
    out.push(input.subarray(dataStart, at));
  }
}
