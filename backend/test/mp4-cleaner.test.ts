import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyPatches, inspectMp4 } from '../src/modules/media/domain/mp4.js';
import { box, droneMp4, leaksIn } from './fixtures/hostile-media.js';
import { ffprobe } from '../bench/made-files.js';

/** What ffprobe sees of a file: its streams' types and codecs. */
const streams = (file: Buffer) => ffprobe(file).streams;

/** Decodes every audio and video frame; answers what ffmpeg complained about (nothing for a sound file). */
function decodeErrors(file: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vibe-decode-'));
  try {
    writeFileSync(path.join(dir, 'f.mp4'), file);
    return execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', path.join(dir, 'f.mp4'), '-map', '0:v', '-map', '0:a', '-f', 'null', '-'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function cleaned(file: Buffer): Promise<Buffer> {
  const { problem, patches } = await inspectMp4(async (o, n) => file.subarray(o, o + n), file.length);
  expect(problem).toBeNull();
  const out = Buffer.from(file);
  applyPatches(out, patches);
  return out;
}

describe('the MP4 cleaner keeps only sound and pictures', () => {
  let drone: Buffer;
  beforeAll(async () => {
    drone = await droneMp4();
  });

  it('the drone clip leaks its location and serial in many places (the fixture is real)', () => {
    expect(drone.length).toBeLessThan(1_000_000);
    expect(leaksIn(drone).length).toBeGreaterThanOrEqual(5);
    const types = streams(drone).map((s) => `${s.codec_type}:${s.codec_tag_string}`);
    expect(types).toEqual(expect.arrayContaining(['video:avc1', 'audio:mp4a', 'subtitle:tx3g', 'data:tmcd']));
    expect(types.length).toBe(6); // and the gpmd and mebx tracks
  });

  it('removes subtitle, timecode and timed-metadata tracks, user data at any depth, SEI user data and stray bytes', async () => {
    const out = await cleaned(drone);
    expect(out.length).toBe(drone.length);
    expect(leaksIn(out)).toEqual([]);
    for (const marker of ['loci', '\xa9xyz', 'udta', 'tx3g', 'tmcd', 'gpmd', 'mebx', 'GPRMC'])
      expect(out.includes(Buffer.from(marker, 'latin1')), marker).toBe(false);
    expect(streams(out).map((s) => s.codec_type)).toEqual(['video', 'audio']);
    expect(decodeErrors(out)).toBe('');
    // cleaning again changes nothing
    const { patches } = await inspectMp4(async (o, n) => out.subarray(o, o + n), out.length);
    const twice = Buffer.from(out);
    applyPatches(twice, patches);
    expect(twice.equals(out)).toBe(true);
  });

  it('refuses a sample table that repeats the same bytes (one skip frame decoded thousands of times)', async () => {
    // point every chunk of the video track at the first one
    const file = Buffer.from(drone);
    const stco = file.indexOf(Buffer.from('stco', 'latin1'), file.lastIndexOf(Buffer.from('moov', 'latin1')));
    const count = file.readUInt32BE(stco + 8);
    expect(count).toBeGreaterThan(1);
    for (let i = 1; i < count; i++) file.writeUInt32BE(file.readUInt32BE(stco + 12), stco + 12 + 4 * i);
    const { problem } = await inspectMp4(async (o, n) => file.subarray(o, o + n), file.length);
    expect(problem).toMatch(/overlap/);
  });

  it('refuses a file with no sound or picture track left', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vibe-subs-'));
    try {
      writeFileSync(path.join(dir, 's.srt'), '1\n00:00:00,000 --> 00:00:01,000\nhello\n');
      execFileSync('ffmpeg', [
        '-v',
        'error',
        '-i',
        path.join(dir, 's.srt'),
        '-c:s',
        'mov_text',
        path.join(dir, 's.mp4'),
      ]);
      const subs = execFileSync('cat', [path.join(dir, 's.mp4')]);
      const { problem } = await inspectMp4(async (o, n) => subs.subarray(o, o + n), subs.length);
      expect(problem).toMatch(/no audio or video track/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('blanks a uuid inside a sample entry (after its fixed fields)', async () => {
    const tagged = drone;
    const xmp = box('uuid', Buffer.alloc(16, 0xbe), Buffer.from('<x:xmpmeta>Serial DJI0X7F3A9</x:xmpmeta>'));
    // avc1 is the only entry of the video track's stsd: add the uuid as its last child
    const avc1At = tagged.indexOf(Buffer.from('avc1', 'latin1'), tagged.lastIndexOf(Buffer.from('moov', 'latin1'))) - 4;
    expect(avc1At).toBeGreaterThan(0);
    const out = await cleaned(withChild(tagged, avc1At, xmp));
    expect(leaksIn(out)).toEqual([]);
  });
});

/** `child` appended to the box at `at`, growing it and every box that contains it on the way from the top. */
function withChild(file: Buffer, at: number, child: Buffer): Buffer {
  const end = at + file.readUInt32BE(at);
  const out = Buffer.concat([file.subarray(0, end), child, file.subarray(end)]);
  out.writeUInt32BE(out.readUInt32BE(at) + child.length, at);
  // the ancestors: every box on the path whose extent covers `at`
  const grow = (from: number, to: number) => {
    for (let p = from; p < to;) {
      const size = file.readUInt32BE(p);
      const type = file.toString('latin1', p + 4, p + 8);
      if (p < at && at < p + size) {
        out.writeUInt32BE(size + child.length, p);
        grow(p + (type === 'stsd' ? 16 : 8), p + size);
        return;
      }
      p += size;
    }
  };
  grow(0, file.length);
  return out;
}
