/**
 * Where a track's samples sit in an MP4 file, from its sample tables (stco/co64, stsc, stsz/stz2)
 * or from the track fragments of a fragmented file (tfhd, trun): runs of consecutive samples,
 * each with its byte offset and the sizes of its samples. The cleaner keeps these bytes and
 * blanks every other byte of the media data (a subtitle or GPS track's samples, anything hidden
 * between them).
 */

/** Consecutive samples of one track: a chunk, or a fragment's run. */
export interface SampleRun {
  offset: number;
  sizes: number[];
}

/** Past this many samples in one track the file is refused: a 10-minute 240 fps clip has 144,000. */
export const MAX_TRACK_SAMPLES = 2_000_000;

export const runEnd = (r: SampleRun): number => r.offset + r.sizes.reduce((a, b) => a + b, 0);

/** A box's body inside a buffer read from the file (offsets relative to that buffer). */
export interface BodyView {
  buf: Buffer;
  /** first byte of the body in `buf` */
  from: number;
  /** first byte after the box in `buf` */
  to: number;
}

const u32 = (v: BodyView, at: number): number | null =>
  v.from + at + 4 <= v.to ? v.buf.readUInt32BE(v.from + at) : null;

/** Chunk offsets of stco (32-bit) or co64 (64-bit). */
function chunkOffsets(box: BodyView, wide: boolean): number[] | string {
  const count = u32(box, 4);
  const width = wide ? 8 : 4;
  if (count === null || 8 + count * width > box.to - box.from) return 'a chunk offset table is cut short';
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const at = box.from + 8 + i * width;
    out.push(wide ? Number(box.buf.readBigUInt64BE(at)) : box.buf.readUInt32BE(at));
  }
  return out;
}

/** Sample sizes of stsz (one size for all, or one each) or stz2 (4, 8 or 16 bits each). */
function sampleSizes(box: BodyView, compact: boolean): number[] | string {
  if (!compact) {
    const size = u32(box, 4);
    const count = u32(box, 8);
    if (size === null || count === null) return 'a sample size table is cut short';
    if (count > MAX_TRACK_SAMPLES) return 'a track has implausibly many samples';
    if (size !== 0) return new Array<number>(count).fill(size);
    if (12 + count * 4 > box.to - box.from) return 'a sample size table is cut short';
    return Array.from({ length: count }, (_, i) => box.buf.readUInt32BE(box.from + 12 + i * 4));
  }
  const field = box.buf[box.from + 7];
  const count = u32(box, 8);
  if (count === null || (field !== 4 && field !== 8 && field !== 16)) return 'a compact sample size table is damaged';
  if (count > MAX_TRACK_SAMPLES) return 'a track has implausibly many samples';
  if (12 + Math.ceil((count * field) / 8) > box.to - box.from) return 'a sample size table is cut short';
  return Array.from({ length: count }, (_, i) => {
    if (field === 16) return box.buf.readUInt16BE(box.from + 12 + i * 2);
    if (field === 8) return box.buf[box.from + 12 + i]!;
    const byte = box.buf[box.from + 12 + (i >> 1)]!;
    return i % 2 === 0 ? byte >> 4 : byte & 0x0f;
  });
}

/** The runs of a track stored with sample tables: one per chunk, its samples taken in order. */
export function chunkRuns(
  tables: { stco?: BodyView; co64?: BodyView; stsc?: BodyView; stsz?: BodyView; stz2?: BodyView },
  fileSize: number,
): SampleRun[] | string {
  const offsetsBox = tables.stco ?? tables.co64;
  const sizesBox = tables.stsz ?? tables.stz2;
  if (!offsetsBox || !sizesBox || !tables.stsc) return 'a track lacks its sample tables';
  const offsets = chunkOffsets(offsetsBox, !tables.stco);
  if (typeof offsets === 'string') return offsets;
  const sizes = sampleSizes(sizesBox, !tables.stsz);
  if (typeof sizes === 'string') return sizes;
  const entries = u32(tables.stsc, 4);
  if (entries === null || 8 + entries * 12 > tables.stsc.to - tables.stsc.from)
    return 'a sample-to-chunk table is cut short';
  const perChunk = Array.from({ length: entries }, (_, i) => ({
    first: tables.stsc!.buf.readUInt32BE(tables.stsc!.from + 8 + i * 12),
    samples: tables.stsc!.buf.readUInt32BE(tables.stsc!.from + 12 + i * 12),
  }));
  const runs: SampleRun[] = [];
  let sample = 0;
  let entry = 0;
  for (let chunk = 1; chunk <= offsets.length && sample < sizes.length; chunk++) {
    while (entry + 1 < perChunk.length && perChunk[entry + 1]!.first <= chunk) entry++;
    const count = Math.min(perChunk[entry]?.samples ?? 0, sizes.length - sample);
    const run = { offset: offsets[chunk - 1]!, sizes: sizes.slice(sample, sample + count) };
    sample += count;
    if (runEnd(run) > fileSize) return 'a chunk lies outside the file';
    runs.push(run);
  }
  return runs;
}

/** Defaults a fragmented file's movie box gives each track (mvex/trex). */
export interface TrackDefaults {
  sampleSize: number;
}

/**
 * The runs of every track in one movie fragment (a moof box read whole into `moof`, at file
 * offset `moofStart`), by track id. `trafs` are its traf boxes' bodies; `children` lists a box's
 * children. Answers why it cannot be read, as a string.
 */
export function fragmentRuns(
  trafs: BodyView[],
  children: (b: BodyView) => Array<{ type: string; view: BodyView }> | string,
  moofStart: number,
  defaults: ReadonlyMap<number, TrackDefaults>,
  fileSize: number,
): Map<number, SampleRun[]> | string {
  const out = new Map<number, SampleRun[]>();
  let previousEnd = moofStart;
  for (const traf of trafs) {
    const parts = children(traf);
    if (typeof parts === 'string') return parts;
    const tfhd = parts.find((p) => p.type === 'tfhd')?.view;
    if (!tfhd) return 'a track fragment has no header (tfhd)';
    const flags = tfhd.buf.readUIntBE(tfhd.from + 1, 3);
    const trackId = u32(tfhd, 4);
    if (trackId === null) return 'a track fragment header is cut short';
    let at = 8;
    let base = flags & 0x20000 ? moofStart : previousEnd;
    if (flags & 0x1) {
      if (tfhd.from + at + 8 > tfhd.to) return 'a track fragment header is cut short';
      base = Number(tfhd.buf.readBigUInt64BE(tfhd.from + at));
      at += 8;
    }
    if (flags & 0x2) at += 4;
    if (flags & 0x8) at += 4;
    const defaultSize = flags & 0x10 ? u32(tfhd, at) : (defaults.get(trackId)?.sampleSize ?? 0);
    if (defaultSize === null) return 'a track fragment header is cut short';
    let next = base;
    for (const trun of parts.filter((p) => p.type === 'trun').map((p) => p.view)) {
      const tf = trun.buf.readUIntBE(trun.from + 1, 3);
      const count = u32(trun, 4);
      if (count === null || count > MAX_TRACK_SAMPLES) return 'a track run is damaged';
      let p = 8;
      if (tf & 0x1) {
        if (trun.from + p + 4 > trun.to) return 'a track run is cut short';
        next = base + trun.buf.readInt32BE(trun.from + p);
        p += 4;
      }
      if (tf & 0x4) p += 4;
      const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => tf & f).length;
      if (trun.from + p + count * fields * 4 > trun.to) return 'a track run is cut short';
      const sizes: number[] = [];
      for (let i = 0; i < count; i++) {
        const entry = trun.from + p + i * fields * 4 + (tf & 0x100 ? 4 : 0);
        sizes.push(tf & 0x200 ? trun.buf.readUInt32BE(entry) : defaultSize);
      }
      const run = { offset: next, sizes };
      next = runEnd(run);
      if (run.offset < 0 || next > fileSize) return 'a track run lies outside the file';
      const list = out.get(trackId) ?? [];
      list.push(run);
      out.set(trackId, list);
    }
    previousEnd = next;
  }
  return out;
}
