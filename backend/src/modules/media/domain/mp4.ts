/**
 * MP4 (ISO base media file) checks and metadata removal, judged from the box structure rather
 * than the first bytes. Bounded whatever the file holds: top-level box headers are read one by
 * one (at most MAX_TOP_BOXES), the movie box is read into memory once (at most MAX_MOOV_BYTES)
 * and walked there, movie fragments likewise (at most MAX_MOOV_BYTES in all), and the audio and
 * video samples are read once each (never more bytes than the file holds: overlapping samples,
 * a repeated sample table, are refused).
 *
 * Cleaning keeps the file's size and every offset: metadata boxes at any depth become padding,
 * tracks that are neither audio nor video (subtitles, timecode, GPS and other timed metadata)
 * are dropped, every byte of media data that is not an audio or video sample is zeroed, and the
 * H.264/HEVC SEI units carrying user data (where drones write GPS and serial numbers) turn into
 * a NAL type decoders skip.
 */
import { type NalCodec, userDataSei } from './h26x-sei.js';
import { type BodyView, chunkRuns, fragmentRuns, runEnd, type SampleRun, type TrackDefaults } from './mp4-samples.js';

/** Reads `length` bytes at `offset` (fewer only at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>;

/** A byte range to overwrite: with `bytes`, or with zeros when only `zeros` is given. */
export type Mp4Patch = { offset: number; bytes: Buffer } | { offset: number; zeros: number };

export interface Mp4Inspection {
  /** Why the file is not a playable MP4 (for logs; the client gets one message), or null. */
  problem: string | null;
  /** Overwrites that remove every piece of metadata; sizes and offsets stay. */
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
const BOX_TYPE = /^[\x20-\x7e\xa9]{4}$/;

/**
 * Top-level boxes a file may keep: the file type, the movie and its fragments, the media data,
 * padding and indexes. Any other top-level box (udta, meta, an XMP uuid, vendor boxes, event
 * messages, producer times) may carry metadata and becomes padding.
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
]);
/** Top-level boxes whose bytes are data, not structure: only audio and video samples in them survive. */
const DATA_AREAS = new Set(['mdat', 'free', 'skip', 'wide']);
/** Boxes walked into, wherever they are: the movie, tracks, media, their tables, fragments. */
const CONTAINERS = new Set(['trak', 'mdia', 'minf', 'stbl', 'dinf', 'edts', 'mvex', 'traf']);
/**
 * Boxes that hold metadata (or may hide it), at any depth: user data and its QuickTime tags
 * (©xyz location, ©mak, ©mod…), metadata and its item lists and keys, XMP and vendor uuid boxes,
 * the 3GPP location and text tags, and padding, whose leftover bytes are blanked too.
 */
const METADATA = new Set([
  ...['udta', 'meta', 'uuid', 'ilst', 'keys', 'XMP_', 'loci', 'name', 'cprt', 'kywd', 'titl', 'auth', 'dscp', 'perf'],
  ...['gnre', 'albm', 'yrrc', 'rtng', 'clsf', 'free', 'skip', 'wide'],
  // references between tracks: to the chapter, timecode and metadata tracks that are dropped
  'tref',
]);
const isMetadata = (type: string): boolean => METADATA.has(type) || type.startsWith('\xa9');
/** Full boxes whose version-dependent header starts with the creation and modification times. */
const DATED = new Set(['mvhd', 'tkhd', 'mdhd']);
/** Tracks kept: video and sound. Subtitles (text, sbtl, subt), timecode (tmcd), timed metadata (meta: gpmd, mebx) go. */
const AV_HANDLERS = new Set(['vide', 'soun']);

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

/** A region of the file held in memory (the movie box, a fragment), with its boxes walked there. */
class Region {
  constructor(
    readonly buf: Buffer,
    /** file offset of buf[0] */
    readonly base: number,
  ) {}

  children(b: Box, where: string, skip = 0): Box[] | string {
    return boxesIn(this.buf, b.body - this.base + skip, b.end - this.base, where, this.base);
  }

  view(b: Box): BodyView {
    return { buf: this.buf, from: b.body - this.base, to: b.end - this.base };
  }

  byte(offset: number): number {
    return this.buf[offset - this.base] ?? 0;
  }

  text(offset: number, length: number): string {
    return this.buf.toString('latin1', offset - this.base, offset - this.base + length);
  }
}

/** A kept track: its samples' runs, and for H.264/HEVC video how to walk its NAL units. */
interface KeptTrack {
  id: number;
  handler: string;
  runs: SampleRun[];
  nal: { codec: NalCodec; lengthSize: number } | null;
}

/** Patches of one MP4 being cleaned: what to blank in the movie box and its fragments. */
class Cleaning {
  readonly patches: Mp4Patch[] = [];

  /** Metadata boxes to padding, dates zeroed, handler names blanked, walking containers. Answers a problem or null. */
  scrub(r: Region, boxes: Box[], handler: string): string | null {
    for (const b of boxes) {
      if (isMetadata(b.type)) {
        this.patches.push(...toPadding(b));
      } else if (DATED.has(b.type)) {
        const width = r.byte(b.body) === 1 ? 16 : 8;
        if (b.end - b.body >= 4 + width) this.patches.push({ offset: b.body + 4, zeros: width });
      } else if (b.type === 'hdlr' && b.end - b.body > 24) {
        // the handler's name: vendors write their product (and sometimes a serial) there
        this.patches.push({ offset: b.body + 24, zeros: b.end - b.body - 24 });
      } else if (b.type === 'stsd') {
        this.scrubSampleEntries(r, b, handler);
      } else if (CONTAINERS.has(b.type)) {
        const kids = r.children(b, `a ${b.type} box`);
        if (typeof kids === 'string') return kids;
        const problem = this.scrub(r, kids, handler);
        if (problem) return problem;
      }
    }
    return null;
  }

  /** Boxes inside sample entries after their fixed fields (an XMP uuid in avc1, say). */
  private scrubSampleEntries(r: Region, stsd: Box, handler: string): void {
    const entries = r.children(stsd, 'a sample description', 8);
    if (typeof entries === 'string') return;
    for (const e of entries) {
      const kids = r.children(e, 'a sample entry', fixedFieldsOf(r, e, handler));
      // entries that end in raw bytes rather than boxes are left as they are
      if (typeof kids === 'string') continue;
      for (const k of kids) if (isMetadata(k.type)) this.patches.push(...toPadding(k));
    }
  }
}

/** Bytes of a sample entry's own fields before its child boxes: visual 78; sound 28, 44 or 64 by version. */
function fixedFieldsOf(r: Region, entry: Box, handler: string): number {
  if (handler === 'vide') return 78;
  if (handler !== 'soun') return Infinity;
  const version = (r.byte(entry.body + 8) << 8) | r.byte(entry.body + 9);
  return version === 1 ? 44 : version === 2 ? 64 : 28;
}

/** How a video track stores its NAL units (avcC / hvcC): null for other codecs. */
function nalFormat(r: Region, stbl: Box[]): KeptTrack['nal'] {
  const stsd = stbl.find((b) => b.type === 'stsd');
  const entry = stsd ? r.children(stsd, 'a sample description', 8) : null;
  if (!entry || typeof entry === 'string' || !entry[0]) return null;
  const codec: NalCodec | null = ['avc1', 'avc3'].includes(entry[0].type)
    ? 'avc'
    : ['hvc1', 'hev1'].includes(entry[0].type)
      ? 'hevc'
      : null;
  if (!codec) return null;
  const kids = r.children(entry[0], 'a sample entry', 78);
  if (typeof kids === 'string') return null;
  const config = kids.find((k) => k.type === (codec === 'avc' ? 'avcC' : 'hvcC'));
  const at = codec === 'avc' ? 4 : 21;
  if (!config || config.end - config.body <= at) return null;
  return { codec, lengthSize: (r.byte(config.body + at) & 3) + 1 };
}

/** One track of the movie: kept (its samples' runs) or dropped (padding), or why it is not valid. */
function track(r: Region, trak: Box, clean: Cleaning, fileSize: number): KeptTrack | 'dropped' | string {
  const parts = r.children(trak, 'a trak box');
  if (typeof parts === 'string') return parts;
  const tkhd = parts.find((b) => b.type === 'tkhd');
  const mdia = parts.find((b) => b.type === 'mdia');
  if (!tkhd || !mdia) return 'a track lacks its header (tkhd) or media (mdia)';
  const media = r.children(mdia, 'an mdia box');
  if (typeof media === 'string') return media;
  const hdlr = media.find((b) => b.type === 'hdlr');
  if (!hdlr || hdlr.end - hdlr.body < 12) return 'a track lacks its handler (hdlr)';
  const handler = r.text(hdlr.body + 8, 4);
  if (!AV_HANDLERS.has(handler)) {
    clean.patches.push(...toPadding(trak));
    return 'dropped';
  }
  const problem = clean.scrub(r, parts, handler);
  if (problem) return problem;
  const minf = media.find((b) => b.type === 'minf');
  const minfKids = minf ? r.children(minf, 'a minf box') : [];
  if (typeof minfKids === 'string') return minfKids;
  const stblBox = minfKids.find((b) => b.type === 'stbl');
  const stbl = stblBox ? r.children(stblBox, 'an stbl box') : [];
  if (typeof stbl === 'string') return stbl;
  const table = (type: string) => {
    const b = stbl.find((x) => x.type === type);
    return b ? r.view(b) : undefined;
  };
  const runs = chunkRuns(
    { stco: table('stco'), co64: table('co64'), stsc: table('stsc'), stsz: table('stsz'), stz2: table('stz2') },
    fileSize,
  );
  if (typeof runs === 'string') return runs;
  const id =
    r.byte(tkhd.body) === 1 ? r.buf.readUInt32BE(tkhd.body - r.base + 20) : r.buf.readUInt32BE(tkhd.body - r.base + 12);
  return { id, handler, runs, nal: handler === 'vide' ? nalFormat(r, stbl) : null };
}

/** Byte ranges of the data areas not covered by `keep` (sorted, merged): what to zero. */
function uncovered(areas: Array<[number, number]>, keep: Array<[number, number]>): Mp4Patch[] {
  const out: Mp4Patch[] = [];
  for (const [from, to] of areas) {
    let at = from;
    for (const [s, e] of keep) {
      if (e <= at || s >= to) continue;
      if (s > at) out.push({ offset: at, zeros: s - at });
      at = Math.max(at, e);
    }
    if (at < to) out.push({ offset: at, zeros: to - at });
  }
  return out;
}

/** Sorted and merged; null when two ranges overlap (a sample table that repeats the same bytes). */
function disjoint(ranges: Array<[number, number]>): Array<[number, number]> | null {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s < last[1]) return null;
    if (last && s === last[1]) last[1] = e;
    else out.push([s, e]);
  }
  return out;
}

/**
 * Checks that the file is built like a playable MP4 and plans the removal of its metadata
 * (patches to apply in place).
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

  const buf = await read(moovBox.start, moovBox.end - moovBox.start);
  if (buf.length !== moovBox.end - moovBox.start) return refuse('the file ends inside the moov box');
  const moov = new Region(buf, moovBox.start);
  const clean = new Cleaning();
  clean.patches.push(...top.filter((b) => !TOP_LEVEL_KEPT.has(b.type)).flatMap(toPadding));

  const movie = moov.children(moovBox, 'the moov box');
  if (typeof movie === 'string') return refuse(movie);
  if (!movie.some((b) => b.type === 'mvhd')) return refuse('the moov box has no movie header (mvhd)');
  const traks = movie.filter((b) => b.type === 'trak');
  if (!traks.length) return refuse('the moov box has no track');
  const movieProblem = clean.scrub(
    moov,
    movie.filter((b) => b.type !== 'trak'),
    '',
  );
  if (movieProblem) return refuse(movieProblem);
  const kept: KeptTrack[] = [];
  for (const trak of traks) {
    const t = track(moov, trak, clean, fileSize);
    if (typeof t === 'string' && t !== 'dropped') return refuse(t);
    if (typeof t !== 'string') kept.push(t);
  }
  if (!kept.length) return refuse('the file has no audio or video track');

  const fragments = await fragmentSamples(read, top, moov, movie, clean, kept, fileSize);
  if (typeof fragments === 'string') return refuse(fragments);

  const keep = disjoint(kept.flatMap((t) => t.runs.map((r): [number, number] => [r.offset, runEnd(r)])));
  if (!keep) return refuse('its samples overlap (a repeated sample table)');
  const areas = top.filter((b) => DATA_AREAS.has(b.type)).map((b): [number, number] => [b.body, b.end]);
  clean.patches.push(...uncovered(areas, keep));
  for (const t of kept) if (t.nal) clean.patches.push(...(await seiPatches(read, t)));
  return { problem: null, patches: clean.patches };
}

/** The samples movie fragments hold, added to their kept tracks; fragment metadata blanked. */
async function fragmentSamples(
  read: ReadAt,
  top: Box[],
  moov: Region,
  movie: Box[],
  clean: Cleaning,
  kept: KeptTrack[],
  fileSize: number,
): Promise<string | null> {
  const moofs = top.filter((b) => b.type === 'moof');
  if (!moofs.length) return null;
  if (moofs.reduce((n, b) => n + b.end - b.start, 0) > MAX_MOOV_BYTES)
    return 'the movie fragments are implausibly large';
  const defaults = new Map<number, TrackDefaults>();
  const mvex = movie.find((b) => b.type === 'mvex');
  const trexes = mvex ? moov.children(mvex, 'an mvex box') : [];
  if (typeof trexes === 'string') return trexes;
  for (const trex of trexes.filter((b) => b.type === 'trex' && b.end - b.body >= 24)) {
    defaults.set(moov.buf.readUInt32BE(trex.body - moov.base + 4), {
      sampleSize: moov.buf.readUInt32BE(trex.body - moov.base + 16),
    });
  }
  const byId = new Map(kept.map((t) => [t.id, t]));
  for (const moofBox of moofs) {
    const r = new Region(await read(moofBox.start, moofBox.end - moofBox.start), moofBox.start);
    if (r.buf.length !== moofBox.end - moofBox.start) return 'the file ends inside a moof box';
    const parts = r.children(moofBox, 'a moof box');
    if (typeof parts === 'string') return parts;
    const problem = clean.scrub(
      r,
      parts.filter((b) => b.type !== 'traf'),
      '',
    );
    if (problem) return problem;
    const trafs = parts.filter((b) => b.type === 'traf');
    for (const traf of trafs) {
      const kids = r.children(traf, 'a traf box');
      if (typeof kids === 'string') return kids;
      const inner = clean.scrub(r, kids, '');
      if (inner) return inner;
    }
    const runs = fragmentRuns(
      trafs.map((b) => r.view(b)),
      (v) => {
        const kids = boxesIn(v.buf, v.from, v.to, 'a traf box', r.base);
        return typeof kids === 'string' ? kids : kids.map((k) => ({ type: k.type, view: r.view(k) }));
      },
      moofBox.start,
      defaults,
      fileSize,
    );
    if (typeof runs === 'string') return runs;
    // a track that is not kept (no such trak, or not audio or video) keeps nothing: its samples are zeroed
    for (const [id, list] of runs) byId.get(id)?.runs.push(...list);
  }
  return null;
}

/** Neutralises the SEI units with user data in every sample of an H.264/HEVC track. */
async function seiPatches(read: ReadAt, t: KeptTrack): Promise<Mp4Patch[]> {
  const out: Mp4Patch[] = [];
  for (const run of t.runs) {
    const bytes = await read(run.offset, runEnd(run) - run.offset);
    let at = 0;
    for (const size of run.sizes) {
      for (const hit of userDataSei(bytes.subarray(at, at + size), t.nal!.codec, t.nal!.lengthSize)) {
        const offset = run.offset + at + hit.at;
        out.push(
          { offset, bytes: hit.header },
          { offset: offset + hit.header.length, zeros: hit.length - hit.header.length },
        );
      }
      at += size;
    }
  }
  return out;
}

/** Applies patches to bytes held in memory (`base` is the file offset of `buf[0]`). */
export function applyPatches(buf: Buffer, patches: readonly Mp4Patch[], base = 0): void {
  for (const p of patches) {
    const at = p.offset - base;
    if ('bytes' in p) p.bytes.copy(buf, at);
    else buf.fill(0, at, at + p.zeros);
  }
}
