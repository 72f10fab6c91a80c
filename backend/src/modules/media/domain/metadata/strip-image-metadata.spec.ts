import exifr from 'exifr';
import sharp, { type Sharp } from 'sharp';
import { DamagedImageError } from './image-format-error.js';
import { stripImageMetadata } from './strip-image-metadata.js';

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' };
const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description>LeakyXmp</rdf:Description></rdf:RDF></x:xmpmeta>';

const noisy = (width: number, height: number) =>
  sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 37) % 251)), {
    raw: { width, height, channels: 3 },
  });

/** What a phone writes: orientation, GPS, camera make and model, a comment, XMP. */
const withMetadata = (image: Sharp, orientation = 6) =>
  image
    .withMetadata({ orientation })
    .withExif({ IFD0: { Make: 'LeakyCam', Model: 'Leaky 15 Pro', ImageDescription: 'at home' }, IFD3: GPS })
    .withXmp(XMP);

const pixels = async (file: Buffer, animated = false) =>
  (await sharp(file, { animated }).ensureAlpha().raw().toBuffer()).toString('base64');

/** What a reader reports of a PNG's own header and colour profile name: structure, not metadata. */
const STRUCTURE = new Set([
  'ImageWidth',
  'ImageHeight',
  'BitDepth',
  'ColorType',
  'Compression',
  'Filter',
  'Interlace',
  'ProfileName',
]);

async function expectNothingLeaks(file: Buffer) {
  for (const text of ['LeakyCam', 'Leaky 15 Pro', 'at home', 'LeakyXmp', 'xmpmeta', 'GPS']) {
    expect(file.includes(Buffer.from(text, 'latin1')), text).toBe(false);
  }
  const meta = await sharp(file).metadata();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  if (meta.format !== 'jpeg' && meta.format !== 'png') return; // exifr reads JPEG and PNG
  const tags = (await exifr.parse(file, { tiff: true, xmp: true, iptc: true, gps: true, mergeOutput: true })) ?? {};
  // the only field left, if any, is the orientation that turns the picture upright
  expect(Object.keys(tags).filter((k) => k !== 'Orientation' && !STRUCTURE.has(k))).toEqual([]);
}

describe('stripping image metadata without re-encoding', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('JPEG with orientation %i: same pixels, only the orientation kept', async (o) => {
    const original = await withMetadata(noisy(40, 20).jpeg({ quality: 92 }), o).toBuffer();
    const stripped = stripImageMetadata('jpg', original, o);
    await expectNothingLeaks(stripped);
    expect(stripped.length).toBeLessThan(original.length);
    expect(await pixels(stripped)).toBe(await pixels(original));
    const meta = await sharp(stripped).metadata();
    expect(meta.orientation ?? 1).toBe(o);
    // displayed upright the same way as the original
    expect(await sharp(stripped).autoOrient().raw().toBuffer()).toEqual(
      await sharp(original).autoOrient().raw().toBuffer(),
    );
  });

  it('JPEG: drops comments, a JFIF thumbnail and anything appended after the end of the image', async () => {
    const base = await withMetadata(noisy(16, 16).jpeg()).toBuffer();
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x0b]), Buffer.from('LeakyCam!', 'latin1')]);
    const trailer = Buffer.from('motion-photo LeakyCam trailer', 'latin1');
    const file = Buffer.concat([base.subarray(0, 2), comment, base.subarray(2), trailer]);
    const stripped = stripImageMetadata('jpg', file, 6);
    await expectNothingLeaks(stripped);
    expect(stripped.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(await pixels(stripped)).toBe(await pixels(base));
  });

  it('JPEG keeps its ICC colour profile and stays decodable when progressive', async () => {
    const original = await withMetadata(noisy(64, 48).jpeg({ progressive: true }).withIccProfile('p3')).toBuffer();
    const stripped = stripImageMetadata('jpg', original, 6);
    await expectNothingLeaks(stripped);
    const meta = await sharp(stripped).metadata();
    expect(meta.icc).toBeDefined();
    expect(meta.isProgressive).toBe(true);
    expect(await pixels(stripped)).toBe(await pixels(original));
  });

  it('PNG: text chunks, eXIf and tIME go; pixels stay; a rotating orientation stays as a one-field eXIf', async () => {
    const original = await withMetadata(noisy(30, 10).png(), 8).toBuffer();
    const stripped = stripImageMetadata('png', original, 8);
    await expectNothingLeaks(stripped);
    expect(await pixels(stripped)).toBe(await pixels(original));
    expect((await sharp(stripped).metadata()).orientation).toBe(8);
    const upright = stripImageMetadata(
      'png',
      await noisy(8, 8)
        .png()
        .withExif({ IFD0: { Make: 'LeakyCam' } })
        .toBuffer(),
      1,
    );
    await expectNothingLeaks(upright);
    expect((await sharp(upright).metadata()).orientation).toBeUndefined();
  });

  it('WebP (still and animated): EXIF and XMP chunks go, frames and timing stay', async () => {
    const still = await withMetadata(noisy(20, 12).webp({ quality: 80 }), 6).toBuffer();
    const s = stripImageMetadata('webp', still, 6);
    await expectNothingLeaks(s);
    expect(await pixels(s)).toBe(await pixels(still));
    expect((await sharp(s).metadata()).orientation).toBe(6);

    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((c) =>
        sharp({ create: { width: 8, height: 8, channels: 4, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const animated = await sharp(frames, { join: { animated: true } })
      .webp({ delay: 120 })
      .withExif({ IFD0: { Make: 'LeakyCam' } })
      .withXmp(XMP)
      .toBuffer();
    const a = stripImageMetadata('webp', animated, 1);
    await expectNothingLeaks(a);
    const { pages, delay, loop } = await sharp(animated, { animated: true }).metadata();
    expect(pages).toBe(3);
    expect(await sharp(a, { animated: true }).metadata()).toMatchObject({ pages, delay, loop });
    expect(await pixels(a, true)).toBe(await pixels(animated, true));
  });

  it('GIF: comments and application data go, the loop count and every frame stay', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((c) =>
        sharp({ create: { width: 8, height: 8, channels: 4, background: c } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: 100, loop: 3 })
      .toBuffer();
    // a comment extension and an XMP application extension before the trailer, and bytes after it
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, 9]), Buffer.from('LeakyCam!', 'latin1'), Buffer.from([0])]);
    const xmp = Buffer.concat([
      Buffer.from([0x21, 0xff, 11]),
      Buffer.from('XMP DataXMP', 'latin1'),
      Buffer.from([8]),
      Buffer.from('LeakyXmp', 'latin1'),
      Buffer.from([0]),
    ]);
    const file = Buffer.concat([
      gif.subarray(0, -1),
      comment,
      xmp,
      Buffer.from([0x3b]),
      Buffer.from('trailing LeakyCam'),
    ]);
    const stripped = stripImageMetadata('gif', file);
    await expectNothingLeaks(stripped);
    expect(await sharp(stripped, { animated: true }).metadata()).toMatchObject({ pages: 3, loop: 3 });
    expect(await pixels(stripped, true)).toBe(await pixels(gif, true));
  });

  it.each([
    ['jpg', async () => (await noisy(16, 16).jpeg().toBuffer()).subarray(0, 200)],
    ['png', async () => (await noisy(16, 16).png().toBuffer()).subarray(0, 40)],
    ['webp', async () => Buffer.from('RIFF\xff\xff\x00\x00WEBPVP8 ', 'latin1')],
    ['gif', async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')],
  ])('refuses a cut-off %s as damaged', async (ext, make) => {
    expect(() => stripImageMetadata(ext, make() as never)).toBeDefined();
    const file = await make();
    expect(() => stripImageMetadata(ext, file)).toThrow(DamagedImageError);
  });
});
