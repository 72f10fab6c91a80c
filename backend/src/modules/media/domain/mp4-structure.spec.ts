import { readFileSync } from 'node:fs';
import path from 'node:path';
import { mp4Problem } from './mp4-structure.js';

const tiny = readFileSync(path.join(import.meta.dirname, '../../../../test/fixtures/tiny.mp4'));
const problem = (b: Buffer) => mp4Problem(async (offset, length) => b.subarray(offset, offset + length), b.length);
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
    const moov = tiny.subarray(32, 32 + 917);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(16 + 100), 8);
    expect(await problem(Buffer.concat([ftyp, moov, large, Buffer.alloc(100)]))).toBeNull();
    const toEnd = box('mdat', Buffer.alloc(50));
    toEnd.writeUInt32BE(0);
    expect(await problem(Buffer.concat([ftyp, moov, toEnd]))).toBeNull();
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
});
