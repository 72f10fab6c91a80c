/**
 * MP4 (ISO base media file) checks and metadata removal, judged from the box structure rather
 * than the first bytes. Bounded whatever the file holds: top-level box headers are read one by
 * one (at most MAX_TOP_BOXES), the movie box is read into memory once (at most MAX_MOOV_BYTES)
 * and walked there, so a file of millions of empty boxes is refused after a few thousand reads.
 */

/** Reads `length` bytes at `offset` (fewer only at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/** A byte range to overwrite: with `bytes`, or with zeros when only `zeros` is given. */
export type Mp4Patch = { offset: number; bytes: Buffer } | { offset: number; zeros: number };

export interface Mp4Inspection {
  /** Why the file is not a playable MP4 (for logs; the client gets one message), or null. */
  problem: string | null;
  /** Overwrites that turn every metadata box into padding and zero the recording dates; sizes and offsets stay. */
  patches: Mp4Patch[];
}

interface Box {
  type: string;
  start: number;
  /** first byte after the header */
  body: number;
  end: number;
}

export const MAX_TOP_BOXES = 4096;
/** The movie box indexes the samples: a few hundred KB for a 20 MB phone video. */
export const MAX_MOOV_BYTES = 16 * 1024 * 1024;
/** More boxes than any real file has inside one container: past this the file is refused. */
const MAX_CHILD_BOXES = 10_000;
const BOX_TYPE = /^[A-Za-z0-9 ©]{4}$/;

/**
 * Top-level boxes a file may keep: the file type, the movie and its fragments, the media data,
 * and padding and indexes. Any other top-level box (udta, meta, an XMP uuid, vendor boxes) may
 * carry metadata and becomes padding.
 */
const TOP_LEVEL_KEPT = new Set([
  'ftyp',
  'moov',
  'mdat',
  'moof',
  'mfra',
  'free',
  'skip',
  'wide',
  'sidx',
  'styp',
  'ssix',
  'prft',
  'emsg',
  'pdin',
]);
/** Inside moov, a track and its media: user data and metadata boxes (location ©xyz, Apple keys, make and model). */
const METADATA_CHILDREN = new Set(['udta', 'meta', 'uuid']);
/** Full boxes whose version-dependent header starts with the creation and modification times. */
const DATED = new Set(['mvhd', 'tkhd', 'mdhd']);

/** Parses the box headers in `buf` between `from` and `to`, or answers why they are not a valid sequence. */
function boxesIn(buf: Buffer, from: number, to: number, where: string, base: number): Box[] | string {
  const out: Box[] = [];
  let at = from;
  while (at < to) {
    if (out.length >= MAX_CHILD_BOXES) return `too many boxes in ${where}`;
    const parsed = header(buf.subarray(at, Math.min(to, at + 16)), at, to, where);
    if (typeof parsed === 'string') return parsed;
    out.push({ ...parsed, start: base + parsed.start, body: base + parsed.body, end: base + parsed.end });
    at = parsed.end;
  }
  return out;
}

/** One box header read from `head` (the bytes at `offset`), its extent checked against `limit`. */
function header(head: Buffer, offset: number, limit: number, where: string): Box | string {
  if (limit - offset < 8) return `${limit - offset} stray byte(s) at the end of ${where}`;
  if (head.length < 8) return `the file ends inside a box header in ${where}`;
  const type = head.toString('latin1', 4, 8);
  if (!BOX_TYPE.test(type)) return `no box at byte ${offset} of ${where}`;
  const size32 = head.readUInt32BE(0);
  let size: number;
  let headerSize = 8;
  if (size32 === 1) {
    if (head.length < 16) return `the file ends inside the ${type} box header`;
    size = Number(head.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size32 === 0) {
    size = limit - offset; // "to the end": only meaningful for the last box
  } else {
    size = size32;
  }
  if (size < headerSize) return `the ${type} box at byte ${offset} is smaller than its header`;
  if (offset + size > limit) return `the ${type} box at byte ${offset} runs past the end of ${where}`;
  return { type, start: offset, body: offset + headerSize, end: offset + size };
}

/** The box renamed to padding with its contents zeroed: the file keeps its size and every offset. */
const toPadding = (box: Box): Mp4Patch[] => [
  { offset: box.start + 4, bytes: Buffer.from('free', 'latin1') },
  ...(box.end > box.body ? [{ offset: box.body, zeros: box.end - box.body }] : []),
  // a 64-bit or to-the-end size stays valid as it is
];

/** Zeroes the creation and modification times of an mvhd/tkhd/mdhd box held in `moov` (offsets relative to the file). */
function undated(box: Box, moov: Buffer, moovStart: number): Mp4Patch[] {
  const version = moov[box.body - moovStart];
  const width = version === 1 ? 16 : 8;
  if (box.end - box.body < 4 + width) return [];
  return [{ offset: box.body + 4, zeros: width }];
}

/**
 * Checks that the file is built like a playable MP4 and plans the removal of its metadata
 * (patches to apply in place). Reads the top-level box headers and the movie box only.
 */
export async function inspectMp4(read: ReadAt, fileSize: number): Promise<Mp4Inspection> {
  const refuse = (problem: string): Mp4Inspection => ({ problem, patches: [] });
  const top: Box[] = [];
  for (let at = 0; at < fileSize;) {
    if (top.length >= MAX_TOP_BOXES) return refuse('too many boxes in the file');
    const parsed = header(await read(at, 16), at, fileSize, 'the file');
    if (typeof parsed === 'string') return refuse(parsed);
    top.push(parsed);
    at = parsed.end;
  }
  if (top[0]?.type !== 'ftyp' || top[0].end - top[0].start < 16) return refuse('it does not start with an ftyp box');
  const moovs = top.filter((b) => b.type === 'moov');
  if (moovs.length !== 1) return refuse(moovs.length ? 'more than one moov box' : 'no moov box (no movie header)');
  if (!top.some((b) => b.type === 'mdat' || b.type === 'moof')) return refuse('no media data (mdat or moof)');
  const moovBox = moovs[0]!;
  if (moovBox.end - moovBox.start > MAX_MOOV_BYTES) return refuse('the movie box is implausibly large');

  const moov = await read(moovBox.start, moovBox.end - moovBox.start);
  if (moov.length !== moovBox.end - moovBox.start) return refuse('the file ends inside the moov box');
  const local = (b: Box) => ({ from: b.body - moovBox.start, to: b.end - moovBox.start });
  const childrenOf = (b: Box, where: string) => boxesIn(moov, local(b).from, local(b).to, where, moovBox.start);

  const patches: Mp4Patch[] = top.filter((b) => !TOP_LEVEL_KEPT.has(b.type)).flatMap(toPadding);
  const movie = childrenOf(moovBox, 'the moov box');
  if (typeof movie === 'string') return refuse(movie);
  if (!movie.some((b) => b.type === 'mvhd')) return refuse('the moov box has no movie header (mvhd)');
  const tracks = movie.filter((b) => b.type === 'trak');
  if (!tracks.length) return refuse('the moov box has no track');

  const scrub = (boxes: Box[]) => {
    for (const b of boxes) {
      if (METADATA_CHILDREN.has(b.type)) patches.push(...toPadding(b));
      else if (DATED.has(b.type)) patches.push(...undated(b, moov, moovBox.start));
    }
  };
  scrub(movie);
  for (const trak of tracks) {
    const parts = childrenOf(trak, 'a trak box');
    if (typeof parts === 'string') return refuse(parts);
    const mdia = parts.find((b) => b.type === 'mdia');
    if (!parts.some((b) => b.type === 'tkhd') || !mdia)
      return refuse('a track lacks its header (tkhd) or media (mdia)');
    scrub(parts);
    const media = childrenOf(mdia, 'an mdia box');
    if (typeof media === 'string') return refuse(media);
    scrub(media);
  }
  return { problem: null, patches };
}

/** Applies patches to bytes held in memory (`base` is the file offset of `buf[0]`). */
export function applyPatches(buf: Buffer, patches: readonly Mp4Patch[], base = 0): void {
  for (const p of patches) {
    const at = p.offset - base;
    if ('bytes' in p) p.bytes.copy(buf, at);
    else buf.fill(0, at, at + p.zeros);
  }
}
