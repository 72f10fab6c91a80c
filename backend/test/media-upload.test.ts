import http from 'node:http';
import type { AddressInfo } from 'node:net';
import exifr from 'exifr';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  animatedGif,
  animatedWebp,
  binary,
  jpegWithGpsAndOrientation,
  keyOf,
  MB,
  padded,
  phoneMp4,
  pngImage,
  mediaState,
  tinyMp4,
  upload,
} from './fixtures/media-fixtures.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

describe(`media upload (${dbKind})`, () => {
  let t: TestApp;
  let v: Visitor;
  beforeAll(async () => {
    t = await startTestApp();
    v = await newVisitor(t);
  });
  afterAll(() => t.close());

  const row = async (id: number) => (await t.app.get(DataSource).query(`SELECT * FROM media WHERE id = $1`, [id]))[0];

  it('stores a JPEG without its metadata and without re-encoding: same pixels, only the orientation kept, under a generated key', async () => {
    const original = await jpegWithGpsAndOrientation();
    const before = await sharp(original).metadata();
    expect(before).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect(before.exif).toBeDefined();

    const res = await upload(v, original, 'holiday at home.jpg').expect(201);
    expect(res.body).toMatchObject({
      mimeType: 'image/jpeg',
      originalName: 'holiday at home.jpg',
      totalViews: 0,
      totalVotes: 0,
      hotVotes: 0,
      hotPercentage: 0,
      notPercentage: 0,
      // the display size, upright: a screen can reserve the box before anything loads
      width: 20,
      height: 40,
      placeholder: expect.stringMatching(/^[A-Za-z0-9+/]{20,60}={0,2}$/),
    });
    const now = new Date();
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(res.body.url).toMatch(new RegExp(`^/media/uploads/${now.getUTCFullYear()}/${month}/[0-9a-f-]{36}\\.jpg$`));
    expect(new Date(res.body.uploadedAt).getTime()).toBeGreaterThan(0);

    // an original is served to its uploader only (private-originals.test covers strangers)
    const served = await binary(v.agent.get(res.body.url)).expect(200);
    const stored = served.body as Buffer;
    expect(res.body.size).toBe(stored.length);
    expect(stored.length).toBeLessThan(original.length);
    // the pixels as uploaded (nothing re-encoded), turned upright by the one EXIF field left
    expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(original).raw().toBuffer());
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 40, height: 20, orientation: 6 });
    const tags = await exifr.parse(stored, { tiff: true, xmp: true, iptc: true, gps: true, mergeOutput: true });
    expect(Object.keys(tags ?? {})).toEqual(['Orientation']);
    expect(stored.includes(Buffer.from('LeakyCam'))).toBe(false);

    const r = await row(res.body.id);
    expect(r).toMatchObject({ user_id: v.id, original_name: 'holiday at home.jpg', mime_type: 'image/jpeg' });
    expect(r.storage_key).toBe(keyOf(res.body.url));
  });

  it('keeps PNG as PNG and animated GIF and WebP animated', async () => {
    const png = await upload(v, await pngImage(30, 10), 'shot.png').expect(201);
    expect(png.body.mimeType).toBe('image/png');
    const pngBack = await binary(v.agent.get(png.body.url)).expect(200);
    expect(await sharp(pngBack.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 30, height: 10 });

    for (const [file, name, format, mime] of [
      [await animatedGif(), 'loop.gif', 'gif', 'image/gif'],
      [await animatedWebp(), 'loop.webp', 'webp', 'image/webp'],
    ] as const) {
      const res = await upload(v, file, name).expect(201);
      expect(res.body.mimeType).toBe(mime);
      expect(res.body.url).toMatch(new RegExp(`\\.${format}$`));
      const back = await binary(v.agent.get(res.body.url)).expect(200);
      expect(await sharp(back.body as Buffer, { animated: true }).metadata()).toMatchObject({
        format,
        pages: 3,
        pageHeight: 8,
      });
    }
  });

  it('stores an MP4 with its metadata boxes blanked in place: same size, the same samples but for SEI user data', async () => {
    const res = await upload(v, phoneMp4, 'clip.mp4').expect(201);
    expect(res.body).toMatchObject({ mimeType: 'video/mp4', size: phoneMp4.length, originalName: 'clip.mp4' });
    expect(res.body.url).toMatch(/\.mp4$/);
    const back = (await binary(v.agent.get(res.body.url)).expect(200)).body as Buffer;
    expect(back.length).toBe(phoneMp4.length);
    for (const leak of ['LeakyCam', 'Leaky 15 Pro', 'Leaky Person', '©xyz', 'com.apple.quicktime.location']) {
      expect(back.includes(Buffer.from(leak, 'latin1')), leak).toBe(false);
    }
    // only the SEI unit in which x264 wrote its version (user data) changed, to a type decoders skip
    const mdat = phoneMp4.indexOf(Buffer.from('mdat'));
    const sei = phoneMp4.indexOf(Buffer.from('x264 - core', 'latin1'));
    const changed = [...back.subarray(mdat, mdat + 6000)].flatMap((b, i) =>
      b === phoneMp4[mdat + i] ? [] : [mdat + i],
    );
    expect(Math.min(...changed)).toBeGreaterThanOrEqual(sei - 24);
    expect(Math.max(...changed)).toBeLessThan(sei + 1000);
  });

  it('judges a pasted image without an extension by its content, whatever MIME type the client claims', async () => {
    const res = await v.agent
      .post('/api/media/upload')
      .field('userId', String(v.id)) // the field may also come first
      .attach('file', await pngImage(), { filename: 'image', contentType: 'video/mp4' })
      .expect(201);
    expect(res.body).toMatchObject({ mimeType: 'image/png', originalName: 'image' });
    expect(res.body.url).toMatch(/\.png$/);
  });

  it('keeps only a clean, bounded display name', async () => {
    const res = await upload(v, await pngImage(), 'C:\\fakepath\\my\u202Egnp.photo.png').expect(201);
    expect(res.body.originalName).toBe('mygnp.photo.png');
    const long = `${'ü'.repeat(300)}.png`;
    const res2 = await upload(v, await pngImage(), long).expect(201);
    expect(Array.from(res2.body.originalName as string)).toHaveLength(255);
    expect(res2.body.originalName).toMatch(/^ü+\.png$/);
  });

  describe('refuses bad uploads with a clear message and stores nothing', () => {
    let before: Awaited<ReturnType<typeof mediaState>>;
    beforeEach(async () => {
      before = await mediaState(t);
    });
    afterEach(async () => {
      expect(await mediaState(t)).toEqual(before);
      expect(before.temp).toEqual([]);
    });

    it('an HTML page named .jpg (415)', async () => {
      const res = await upload(
        v,
        Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        'cat.jpg',
      ).expect(415);
      expect(res.body).toMatchObject({ statusCode: 415, error: 'unsupported_media_type' });
      expect(res.body.message).toMatch(/Only JPEG, PNG, GIF, WebP images and MP4 videos are allowed/);
    });

    it.each([
      ['HTML', Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')],
      ['zeros', Buffer.alloc(64 * 1024)],
      ['a cut-off video', tinyMp4.subarray(957 + 8)],
    ])('an MP4 header followed by %s (415)', async (_label, rest) => {
      const res = await upload(v, Buffer.concat([tinyMp4.subarray(0, 32), rest]), 'clip.mp4').expect(415);
      expect(res.body).toMatchObject({ statusCode: 415, error: 'unsupported_media_type' });
      expect(res.body.message).toBe('This file starts like an MP4 video but is not a complete, playable one');
    });

    it('a PNG renamed .mp4 (415)', async () => {
      const res = await upload(v, await pngImage(), 'movie.mp4').expect(415);
      expect(res.body.message).toMatch(/PNG image but its name ends in \.mp4/);
    });

    it('a text file, an SVG, a BMP and an empty file (415)', async () => {
      await upload(v, Buffer.from('just some notes'), 'notes.txt').expect(415);
      await upload(
        v,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
      ).expect(415);
      await upload(
        v,
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .tiff()
          .toBuffer(),
        'scan.tiff',
      ).expect(415);
      const empty = await upload(v, Buffer.alloc(0), 'empty.png').expect(415);
      expect(empty.body.message).toMatch(/not supported/);
    });

    it('a PNG head with a damaged body (415)', async () => {
      const res = await upload(v, padded((await pngImage()).subarray(0, 60), 5000), 'broken.png').expect(415);
      expect(res.body.message).toMatch(/could not be read/);
    });

    it('an image over 10 MB (413), stopped while streaming', async () => {
      const res = await upload(v, padded(await pngImage(), 10 * MB + 1), 'huge.png').expect(413);
      expect(res.body).toMatchObject({ statusCode: 413, message: 'Image files must be under 10MB' });
    });

    it('a 25 MB upload (413), refused by its Content-Length before it is read', async () => {
      const res = await upload(v, padded(tinyMp4, 25 * MB), 'long.mp4').expect(413);
      expect(res.body.message).toMatch(/under 20MB/);
    });

    it('a video over 20 MB sent without a Content-Length (413), stopped while streaming', async () => {
      const boundary = 'vibe-test-boundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="userId"\r\n\r\n${v.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      );
      const body = Buffer.concat([head, padded(tinyMp4, 20 * MB + 1), Buffer.from(`\r\n--${boundary}--\r\n`)]);
      const server = t.server as http.Server;
      if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/media/upload',
            headers: {
              'Content-Type': `multipart/form-data; boundary=${boundary}`,
              'Transfer-Encoding': 'chunked',
              Cookie: v.cookie,
            },
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode!, body: text }));
          },
        );
        req.on('error', reject);
        for (let i = 0; i < body.length; i += 256 * 1024) req.write(body.subarray(i, i + 256 * 1024));
        req.end();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe('Video files must be under 20MB');
    });

    it('no file, no userId, a JSON body, two files or a wrong field (400); a userId that is not a number (403)', async () => {
      const noFile = await v.agent.post('/api/media/upload').field('userId', String(v.id)).expect(400);
      expect(noFile.body.message).toMatch(/file/);
      const noUser = await v.agent
        .post('/api/media/upload')
        .attach('file', await pngImage(), 'a.png')
        .expect(400);
      expect(noUser.body.message).toMatch(/userId/);
      const json = await v.agent.post('/api/media/upload').send({ userId: v.id, file: 'aGVsbG8=' }).expect(400);
      expect(json.body.message).toMatch(/multipart\/form-data/);
      const two = await v.agent
        .post('/api/media/upload')
        .field('userId', String(v.id))
        .attach('file', await pngImage(), 'a.png')
        .attach('file', await pngImage(), 'b.png')
        .expect(400);
      expect(two.body.message).toMatch(/one file/);
      const wrongField = await v.agent
        .post('/api/media/upload')
        .field('userId', String(v.id))
        .attach('photo', await pngImage(), 'a.png')
        .expect(400);
      expect(wrongField.body.message).toMatch(/"file"/);
      const notAnId = await v.agent
        .post('/api/media/upload')
        .field('userId', 'abc')
        .attach('file', await pngImage(), 'a.png')
        .expect(403);
      expect(notAnId.body.message).toBeTruthy();
    });

    it("another user's id (403) wherever the field comes, and no session (401)", async () => {
      const other = await newVisitor(t);
      const after = await upload(v, await pngImage(), 'a.png', other.id).expect(403);
      expect(after.body.message).toBeTruthy();
      await v.agent
        .post('/api/media/upload')
        .field('userId', String(other.id))
        .attach('file', await pngImage(), 'a.png')
        .expect(403);
      const anon = await request(t.server)
        .post('/api/media/upload')
        .attach('file', await pngImage(), 'a.png')
        .field('userId', String(v.id))
        .expect(401);
      expect(anon.body.statusCode).toBe(401);
    });
  });
});
