import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

/** One ISO BMFF box: 32-bit size, type, body. */
const box = (type: string, ...body: Buffer[]): Buffer => {
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.reduce((n, b) => n + b.length, 0));
  return Buffer.concat([size, Buffer.from(type, 'latin1'), ...body]);
};

/**
 * An MP4 of exactly `bytes`: ftyp, a moov with a movie header and one video track, then an mdat
 * of random bytes up to the size. The server's check reads box headers only and nothing decodes
 * the samples, so the cost of an upload is the same as a camera's file of that size; random
 * bytes keep any layer from compressing them.
 */
export async function writeMp4(file: string, bytes: number): Promise<void> {
  const brands = Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1');
  const ftyp = box('ftyp', brands);
  const hdlr = Buffer.alloc(25);
  hdlr.write('vide', 8, 'latin1');
  const moov = box(
    'moov',
    box('mvhd', Buffer.alloc(100)),
    box('trak', box('tkhd', Buffer.alloc(84)), box('mdia', box('mdhd', Buffer.alloc(24)), box('hdlr', hdlr))),
  );
  const dataBytes = bytes - ftyp.length - moov.length - 8;
  const mdatHead = Buffer.alloc(8);
  mdatHead.writeUInt32BE(dataBytes + 8);
  mdatHead.write('mdat', 4, 'latin1');
  await writeFile(file, Buffer.concat([ftyp, moov, mdatHead, randomBytes(dataBytes)]));
}

/**
 * A JPEG of about `bytes` shaped like a photo (by default a phone's 12 MP, 4000×3000), so a
 * decoder works on as many pixels as it would for a real one: film grain over a gradient, the
 * JPEG quality searched until the file lands within 5 % of the size (or as near as quality 30–100
 * gets). Answers the actual size.
 */
export async function writeJpeg(file: string, bytes: number, width = 4000, height = 3000): Promise<number> {
  // four corner colours stretched over the frame: smooth areas, as in a photo
  const corners = Buffer.from([200, 120, 60, 60, 140, 200, 40, 90, 50, 230, 210, 150]);
  const gradient = await sharp(corners, { raw: { width: 2, height: 2, channels: 3 } })
    .resize(width, height, { kernel: 'linear' })
    .raw()
    .toBuffer();
  // uniform grain of ±24 levels (sharp's own gaussian noise takes seconds for 12 MP)
  const grain = randomBytes(gradient.length);
  const px = Buffer.alloc(gradient.length);
  for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, gradient[i]! + (grain[i]! % 49) - 24));
  const encode = (quality: number) =>
    sharp(px, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
  let low = 30;
  let high = 100;
  let best = await encode(high);
  while (high - low > 1 && Math.abs(best.length - bytes) > bytes * 0.05) {
    const quality = Math.round((low + high) / 2);
    const out = await encode(quality);
    if (Math.abs(out.length - bytes) < Math.abs(best.length - bytes)) best = out;
    if (out.length < bytes) low = quality;
    else high = quality;
  }
  await writeFile(file, best);
  return best.length;
}
