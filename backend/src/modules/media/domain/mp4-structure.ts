/**
 * Whether a file is built like an MP4 (ISO base media file), judged from its box structure
 * rather than its first bytes: an `ftyp` header followed by HTML or zeros is not a video.
 * Reads box headers only (8–16 bytes each), so a 20 MB file costs a few small reads.
 */

/** Reads `length` bytes at `offset` (fewer only at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

interface Box {
  type: string;
  start: number;
  /** first byte after the header */
  body: number;
  end: number;
}

/** More boxes than any real file has at one level: past this the file is refused rather than walked. */
const MAX_BOXES = 10_000;
const BOX_TYPE = /^[A-Za-z0-9 ]{4}$/;

/** The boxes between `from` and `to`, or the reason they are not a valid sequence of boxes. */
async function boxes(read: ReadAt, from: number, to: number, where: string): Promise<Box[] | string> {
  const out: Box[] = [];
  let offset = from;
  while (offset < to) {
    if (out.length >= MAX_BOXES) return `too many boxes in ${where}`;
    if (to - offset < 8) return `${to - offset} stray byte(s) at the end of ${where}`;
    const head = await read(offset, 16);
    if (head.length < 8) return `the file ends inside a box header in ${where}`;
    const type = head.toString('latin1', 4, 8);
    if (!BOX_TYPE.test(type)) return `no box at byte ${offset} of ${where}`;
    const size32 = head.readUInt32BE(0);
    let header = 8;
    let size: number;
    if (size32 === 1) {
      if (head.length < 16) return `the file ends inside the ${type} box header`;
      size = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (size32 === 0) {
      size = to - offset; // "to the end": only meaningful for the last box
    } else {
      size = size32;
    }
    if (size < header) return `the ${type} box at byte ${offset} is smaller than its header`;
    if (offset + size > to) return `the ${type} box at byte ${offset} runs past the end of ${where}`;
    out.push({ type, start: offset, body: offset + header, end: offset + size });
    offset += size;
  }
  return out;
}

/** null when the file is a structurally valid MP4, else why not (for logs; the client gets one message). */
export async function mp4Problem(read: ReadAt, fileSize: number): Promise<string | null> {
  const top = await boxes(read, 0, fileSize, 'the file');
  if (typeof top === 'string') return top;
  if (top[0]?.type !== 'ftyp' || top[0].end - top[0].start < 16) return 'it does not start with an ftyp box';
  const moovs = top.filter((b) => b.type === 'moov');
  if (moovs.length !== 1) return moovs.length ? 'more than one moov box' : 'no moov box (no movie header)';
  if (!top.some((b) => b.type === 'mdat' || b.type === 'moof')) return 'no media data (mdat or moof)';
  const moov = await boxes(read, moovs[0]!.body, moovs[0]!.end, 'the moov box');
  if (typeof moov === 'string') return moov;
  if (!moov.some((b) => b.type === 'mvhd')) return 'the moov box has no movie header (mvhd)';
  const tracks = moov.filter((b) => b.type === 'trak');
  if (!tracks.length) return 'the moov box has no track';
  for (const trak of tracks) {
    const parts = await boxes(read, trak.body, trak.end, 'a trak box');
    if (typeof parts === 'string') return parts;
    if (!parts.some((b) => b.type === 'tkhd') || !parts.some((b) => b.type === 'mdia'))
      return 'a track lacks its header (tkhd) or media (mdia)';
  }
  return null;
}
