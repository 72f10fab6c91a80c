import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyPatches, inspectMp4, MAX_TOP_BOXES } from './mp4.js';

const fixtures = path.join(import.meta.dirname, '../../../../test/fixtures');
const tiny = readFileSync(path.join(fixtures, 'tiny.mp4'));
/** Written like a phone: moov last, rotated 90°, location/make/model in Keys, ©xyz and XMP (see make-phone-mp4.mjs). */
const phone = readFileSync(path.join(fixtures, 'phone-metadata.mp4'));

let reads = 0;
const inspect = (b: Buffer) => {
  reads = 0;
  return inspectMp4(async (offset, length) => (reads++, b.subarray(offset, offset + length)), b.length);
};
const problem = async (b: Buffer) => (await inspect(b)).problem;
const box = (type: string, body: Buffer = Buffer.alloc(0)) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));

describe('MP4 structure', () => {
  it('accepts a real MP4 (ffmpeg output: ftyp, moov with mvhd and a track, free, mdat)', async () => {
    expect(await problem(tiny)).toBeNull();
  });

  it('accepts a 64-bit box size and a last box that runs to the end (size 0)', async () => {
    // tiny.mp4 is ftyp (32), moov (917), free (8), mdat: the free box and the mdat header make room for a 64-bit header
    const mdatAt = 32 + 917 + 8;
    expect(tiny.toString('latin1', mdatAt + 4, mdatAt + 8)).toBe('mdat');
    const large = Buffer.from(tiny);
    large.writeUInt32BE(1, mdatAt - 8);
    large.write('mdat', mdatAt - 4, 'latin1');
    large.writeBigUInt64BE(BigInt(tiny.length - mdatAt + 8), mdatAt);
    expect(await problem(large)).toBeNull();
    const toEnd = Buffer.from(tiny);
    toEnd.writeUInt32BE(0, mdatAt);
    expect(await problem(toEnd)).toBeNull();
  });

  it.each([
    ['ftyp then HTML', Buffer.concat([ftyp, Buffer.from('<html><body><script>alert(1)</script></body></html>')])],
    ['ftyp then zeros', Buffer.concat([ftyp, Buffer.alloc(4096)])],
    ['ftyp only', ftyp],
    ['a truncated file', tiny.subarray(0, 1000)],
    ['no ftyp first', Buffer.concat([box('free'), tiny])],
    ['no media data', tiny.subarray(0, 32 + 917)],
    [
      'a movie without a track',
      Buffer.concat([ftyp, box('moov', tiny.subarray(40, 148)), box('mdat', Buffer.alloc(10))]),
    ],
    [
      'a box bigger than the file',
      Buffer.concat([tiny.subarray(0, 957), box('mdat', Buffer.alloc(10)).fill(0xff, 0, 4)]),
    ],
    ['two moov boxes', Buffer.concat([tiny.subarray(0, 949), tiny.subarray(32, 949), tiny.subarray(949)])],
    ['a stray byte at the end', Buffer.concat([tiny, Buffer.from([0])])],
  ])('refuses %s', async (_label, file) => {
    expect(await problem(file)).toEqual(expect.any(String));
  });

  it('refuses a file of millions of empty boxes after a bounded number of reads', async () => {
    const empties = Buffer.alloc(8 * 2_600_000);
    for (let at = 0; at < empties.length; at += 8) {
      empties.writeUInt32BE(8, at);
      empties.write('free', at + 4, 'latin1');
    }
    const bomb = Buffer.concat([tiny, empties]);
    expect(await problem(bomb)).toBe('too many boxes in the file');
    expect(reads).toBeLessThanOrEqual(MAX_TOP_BOXES);
  });

  it('reads the movie box once and each chunk of video once, whatever they hold', async () => {
    await inspect(phone);
    const topLevelBoxes = 5;
    const videoChunks = 10; // ffmpeg interleaves the 1 s clip's video and sound in ten chunks each
    expect(reads).toBe(topLevelBoxes + 1 + videoChunks);
  });
});

describe('MP4 metadata removal', () => {
  const scrubbed = async (file: Buffer) => {
    const { problem, patches } = await inspect(file);
    expect(problem).toBeNull();
    const out = Buffer.from(file);
    applyPatches(out, patches);
    return out;
  };

  it('turns location, make, model and XMP into padding, keeping every byte offset and the rotation', async () => {
    const out = await scrubbed(phone);
    expect(out.length).toBe(phone.length);
    for (const text of ['LeakyCam', 'Leaky 15 Pro', 'Leaky Person', '©xyz', 'com.apple.quicktime', '+51.5']) {
      expect(phone.includes(Buffer.from(text, 'latin1')), `fixture has ${text}`).toBe(true);
      expect(out.includes(Buffer.from(text, 'latin1')), text).toBe(false);
    }
    // the samples stay where they were, so the offsets in the movie box still point at them; only the
    // SEI unit in which x264 wrote its version (user data) is now of a type decoders skip
    const mdat = phone.indexOf(Buffer.from('mdat', 'latin1'));
    const sei = phone.indexOf(Buffer.from('x264 - core', 'latin1'));
    const changed = [...out.subarray(mdat, mdat + 6393)].flatMap((b, i) => (b === phone[mdat + i] ? [] : [mdat + i]));
    expect(sei).toBeGreaterThan(mdat);
    expect(Math.min(...changed)).toBeGreaterThanOrEqual(sei - 24);
    expect(Math.max(...changed)).toBeLessThan(sei + 1000);
    expect(out.includes(Buffer.from('x264 - core', 'latin1'))).toBe(false);
    // still a valid MP4, and scrubbing again changes nothing more
    const again = await inspect(out);
    expect(again.problem).toBeNull();
    const twice = Buffer.from(out);
    applyPatches(twice, again.patches);
    expect(twice.equals(out)).toBe(true);
    // the track's display matrix (the 90° turn) is not metadata: it stays
    const tkhd = out.indexOf(Buffer.from('tkhd', 'latin1'), phone.lastIndexOf(Buffer.from('moov', 'latin1')));
    const undated = Buffer.from(phone.subarray(tkhd, tkhd + 88)).fill(0, 8, 16);
    expect(out.subarray(tkhd, tkhd + 88).equals(undated)).toBe(true);
  });

  it('zeroes the recording dates of the movie, its tracks and their media', async () => {
    const out = await scrubbed(phone);
    for (const type of ['mvhd', 'tkhd', 'mdhd']) {
      // in the movie box (the last one): the media data may hold these letters by chance
      let at = phone.lastIndexOf(Buffer.from('moov', 'latin1'));
      while ((at = out.indexOf(Buffer.from(type, 'latin1'), at + 1)) >= 0) {
        expect(phone.readUInt32BE(at + 8), `${type} in the fixture`).not.toBe(0);
        expect(out.readUInt32BE(at + 8), `${type} creation`).toBe(0);
        expect(out.readUInt32BE(at + 12), `${type} modification`).toBe(0);
      }
    }
  });

  it('leaves a file without metadata as it is', async () => {
    const clean = await scrubbed(await scrubbed(tiny));
    const { patches } = await inspect(clean);
    const again = Buffer.from(clean);
    applyPatches(again, patches);
    expect(again.equals(clean)).toBe(true);
  });
});
