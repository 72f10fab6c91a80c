import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RENDITIONS_VERSION } from '../src/modules/media/domain/renditions.js';
import { RenditionService } from '../src/modules/media/renditions/rendition.service.js';
import { GenerateRenditionsJob } from '../src/modules/media/renditions/generate-renditions.job.js';
import { ffprobe } from '../bench/made-files.js';
import { repeatedSkipFrameMp4 } from './fixtures/media-bombs.js';
import { asAdmin } from './support/admin.js';
import { listKeys, putObject, waitForJob } from './support/jobs.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';
import {
  adminMediaCookie,
  animatedGif,
  binary,
  jpegWithGpsAndOrientation,
  keyOf,
  phoneMp4,
  renditionsSettled,
  upload,
} from './fixtures/media-fixtures.js';

/** Tools the video and privacy checks need: CI installs both; a laptop without them names these as skipped. */
const has = (tool: string) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;
const ffmpeg = has('ffmpeg') && has('ffprobe');
const exiftool = spawnSync('exiftool', ['-ver'], { stdio: 'ignore' }).status === 0;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A picture whose top-left quarter is red and the rest blue, carrying EXIF orientation `o`. */
const markedJpeg = async (o: number) => {
  const red = await sharp({ create: { width: 30, height: 15, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 60, height: 30, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 95 })
    .withMetadata({ orientation: o })
    .withExif({ IFD0: { Make: 'LeakyCam' } })
    .toBuffer();
};

/** Mean colour of each quarter of a picture (top-left, top-right, bottom-left, bottom-right). */
async function quarters(file: Buffer): Promise<number[][]> {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sums = [0, 1, 2, 3].map(() => [0, 0, 0, 0]);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const q = (y < info.height / 2 ? 0 : 2) + (x < info.width / 2 ? 0 : 1);
      const at = (y * info.width + x) * 3;
      for (let c = 0; c < 3; c++) sums[q]![c]! += data[at + c]!;
      sums[q]![3]!++;
    }
  }
  return sums.map(([r, g, b, n]) => [r! / n!, g! / n!, b! / n!]);
}

/** The top-level box types of an MP4, in order. */
function topBoxes(file: Buffer): string[] {
  const out: string[] = [];
  for (let at = 0; at < file.length;) {
    out.push(file.toString('latin1', at + 4, at + 8));
    at += file.readUInt32BE(at);
  }
  return out;
}

/**
 * What exiftool reads of a file, every group, as "Group:Tag" for each tag with a value: a date
 * blanked to zero (an MP4's recording dates, zeroed in place) says nothing and is left out.
 */
async function exifTags(file: Buffer): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-exif-'));
  try {
    const target = path.join(dir, 'served');
    await writeFile(target, file);
    const [json] = JSON.parse(execFileSync('exiftool', ['-j', '-a', '-G1', target]).toString('utf8')) as Array<
      Record<string, unknown>
    >;
    return Object.entries(json!)
      .filter(([, v]) => !/^0000:00:00 00:00:00/.test(String(v)) && String(v) !== '')
      .map(([k]) => k);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Tags a served file must never carry: location, camera, the person, the time it was taken. An
 * ICC colour profile (kept: it is how the colours are meant) has a "device model" of its own,
 * the display class it describes, which says nothing about the camera or the person.
 */
const PRIVATE =
  /GPS|Location|Make|Model|Serial|Creator|Artist|Author|Owner|Software|DateTimeOriginal|CreateDate|Keys:|UserData:|XMP|IPTC/i;
const privateTags = (tags: string[]) => tags.filter((k) => PRIVATE.test(k) && !k.startsWith('ICC'));

const get = (t: TestApp, url: string) => binary(request(t.server).get(url)).expect(200);
/** An original: served only to its uploader (and admins), so fetched as them (issue 26). */
const getOwn = (v: Visitor, url: string) => binary(v.agent.get(url)).expect(200);

interface Served {
  id: number;
  /** a rendition (photo: fullUrl, video: playbackUrl); null while processing */
  url: string | null;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  thumbUrl: string | null;
  previewUrl: string | null;
  srcset: string | null;
  fullUrl: string | null;
  playbackUrl: string | null;
}

/** The owner's view of one of their items (My Stats), with its rendition fields. */
async function mine(v: Visitor, id: number): Promise<Served> {
  const stats = await v.agent.get(`/api/users/${v.id}/stats`).expect(200);
  return (stats.body.mediaStats as Served[]).find((m) => m.id === id)!;
}

/** An upload once its renditions are made, with its original's URL (the upload answer's `url`). */
async function uploaded(t: TestApp, v: Visitor, file: Buffer, name: string): Promise<Served & { original: string }> {
  const res = await upload(v, file, name).expect(201);
  await renditionsSettled(t);
  return { ...(await mine(v, res.body.id)), original: res.body.url };
}

for (const storage of ['local disk', 'S3'] as const) {
  describe(`media renditions (${dbKind}, ${storage})`, () => {
    let s3: TestS3 | undefined;
    let t: TestApp;
    let v: Visitor;
    beforeAll(async () => {
      s3 = storage === 'S3' ? await startS3() : undefined;
      t = await startTestApp(s3?.env ?? {});
      v = await newVisitor(t);
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    it('a photo gets a WebP thumbnail and preview, upright, without metadata, cached for good', async () => {
      const item = await uploaded(t, v, await jpegWithGpsAndOrientation(), 'gps.jpg');
      expect(item).toMatchObject({ width: 20, height: 40, playbackUrl: null });
      expect(item.thumbUrl).toMatch(/^\/media\/renditions\/uploads\/.+\.jpg\/thumb-[0-9a-f]{20}\.webp$/);
      expect(item.previewUrl).toMatch(/^\/media\/renditions\/uploads\/.+\.jpg\/preview-[0-9a-f]{20}\.webp$/);
      // a 20x40 picture is never enlarged: one candidate in the srcset, and the preview is its full size
      expect(item.srcset).toBe(`${item.previewUrl} 20w`);
      expect(item.fullUrl).toBe(item.previewUrl);
      for (const url of [item.thumbUrl!, item.previewUrl!]) {
        const res = await get(t, url);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        const file = res.body as Buffer;
        const meta = await sharp(file).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: 20, height: 40 });
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        expect(file.includes(Buffer.from('LeakyCam'))).toBe(false);
      }
      // the random pick carries the same fields
      const rater = await newVisitor(t);
      const picked = await rater.agent.get(`/api/media/random/${rater.id}`).expect(200);
      expect(picked.body).toMatchObject({ id: item.id, previewUrl: item.previewUrl, thumbUrl: item.thumbUrl });
    });

    it('a large photo is scaled to 2560, 1440 and 480 px on its long edge; the srcset offers the two smaller', async () => {
      const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#884422' } })
        .jpeg()
        .toBuffer();
      const item = await uploaded(t, v, big, 'big.jpg');
      expect(item).toMatchObject({ width: 3000, height: 2000 });
      expect(await sharp((await get(t, item.previewUrl!)).body as Buffer).metadata()).toMatchObject({
        width: 1440,
        height: 960,
      });
      expect(await sharp((await get(t, item.thumbUrl!)).body as Buffer).metadata()).toMatchObject({
        width: 480,
        height: 320,
      });
      expect(item.srcset).toBe(`${item.thumbUrl} 480w, ${item.previewUrl} 1440w`);
      // the full-size overlay's picture: WebP from the decoded pixels, no metadata, cached for good
      expect(item.fullUrl).toMatch(/\/full-[0-9a-f]{20}\.webp$/);
      const full = await get(t, item.fullUrl!);
      expect(full.headers['cache-control']).toBe(IMMUTABLE);
      const meta = await sharp(full.body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 2560, height: 1707 });
      expect(meta.exif).toBeUndefined();
    });

    it('an animated GIF keeps animating in its preview; its thumbnail is its first frame, still', async () => {
      const item = await uploaded(t, v, await animatedGif(), 'loop.gif');
      const preview = await sharp((await get(t, item.previewUrl!)).body as Buffer, { animated: true }).metadata();
      expect(preview).toMatchObject({ format: 'webp', pages: 3, pageHeight: 8, width: 8 });
      // grids show thumbnails: animation only in the detail view (issue 29)
      const thumb = await sharp((await get(t, item.thumbUrl!)).body as Buffer, { animated: true }).metadata();
      expect(thumb).toMatchObject({ format: 'webp', height: 8, width: 8 });
      expect(thumb.pages ?? 1, 'frames in the thumbnail').toBe(1);
      expect(item).toMatchObject({ width: 8, height: 8 });
    });

    it("a large animation's srcset offers its animated preview only, never the still thumbnail", async () => {
      const item = await uploaded(t, v, await animatedGif(640), 'big-loop.gif');
      const thumb = await sharp((await get(t, item.thumbUrl!)).body as Buffer, { animated: true }).metadata();
      expect(thumb.pages ?? 1, 'frames in the thumbnail').toBe(1);
      expect(thumb.width).toBeLessThan(640);
      expect(item.srcset).toBe(`${item.previewUrl} 640w`);
    });

    it('a rendition URL that no row names answers 404', async () => {
      const item = await uploaded(t, v, await jpegWithGpsAndOrientation(), 'x.jpg');
      await request(t.server)
        .get(item.previewUrl!.replace(/preview-[0-9a-f]+/, 'preview-00000000000000000000'))
        .expect(404);
      await request(t.server).get('/media/renditions/uploads/none.jpg/thumb-00.webp').expect(404);
    });

    it.skipIf(!ffmpeg)(
      'a phone video gets a moov-first, metadata-free playback file re-encoded upright, and an upright poster (needs ffmpeg)',
      async () => {
        const item = await uploaded(t, v, phoneMp4, 'phone.mp4');
        expect(topBoxes(phoneMp4).indexOf('moov')).toBeGreaterThan(topBoxes(phoneMp4).indexOf('mdat'));
        const playback = await get(t, item.playbackUrl!);
        expect(playback.headers['content-type']).toBe('video/mp4');
        expect(playback.headers['cache-control']).toBe(IMMUTABLE);
        const boxes = topBoxes(playback.body as Buffer);
        expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
        for (const leak of ['LeakyCam', 'Leaky 15 Pro', 'Leaky Person', '©xyz', 'com.apple.quicktime.location']) {
          expect((playback.body as Buffer).includes(Buffer.from(leak, 'latin1')), leak).toBe(false);
        }
        // re-encoded even though H.264 + AAC plays everywhere: the pixels turned upright, no display matrix left
        const video = ffprobe(playback.body as Buffer).streams.find((s) => s.codec_type === 'video') as
          { side_data_list?: Array<{ rotation?: number }> } | undefined;
        expect(video).toMatchObject({ codec_name: 'h264', width: 36, height: 64 });
        expect(video?.side_data_list?.[0]?.rotation ?? 0).toBe(0);
        // the poster is the upright frame: portrait
        expect(item).toMatchObject({ width: 36, height: 64 });
        const poster = await sharp((await get(t, item.previewUrl!)).body as Buffer).metadata();
        expect(poster).toMatchObject({ format: 'webp', width: 36, height: 64 });
        expect(item.placeholder).toEqual(expect.any(String));
      },
    );
  });
}

describe(`media renditions: what the job decides (${dbKind})`, () => {
  let t: TestApp;
  let v: Visitor;
  beforeAll(async () => {
    t = await startTestApp();
    v = await newVisitor(t);
  });
  afterAll(() => t.close());
  const q = (sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params);

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('EXIF orientation %i: the preview is upright', async (o) => {
    const original = await markedJpeg(o);
    const item = await uploaded(t, v, original, `o${o}.jpg`);
    const upright = await sharp(original).autoOrient().png().toBuffer();
    const expected = await sharp(upright).metadata();
    expect(item).toMatchObject({ width: expected.width, height: expected.height });
    const preview = (await get(t, item.previewUrl!)).body as Buffer;
    expect(await sharp(preview).metadata()).toMatchObject({ width: expected.width, height: expected.height });
    const want = await quarters(upright);
    const got = await quarters(preview);
    for (let i = 0; i < 4; i++)
      for (let c = 0; c < 3; c++) expect(Math.abs(got[i]![c]! - want[i]![c]!)).toBeLessThan(40);
  });

  it('an item made by an older pipeline is made again by its job and stamped with the current version', async () => {
    const res = await upload(v, await markedJpeg(1), 'old.jpg').expect(201);
    await renditionsSettled(t);
    const version = async () =>
      (await q(`SELECT renditions_version FROM media WHERE id = $1`, [res.body.id]))[0].renditions_version;
    expect(await version()).toBe(RENDITIONS_VERSION);
    await q(`UPDATE media SET renditions_version = 0 WHERE id = $1`, [res.body.id]);
    const renditions = t.app.get(RenditionService);
    expect(await renditions.make(res.body.id)).toBe('made');
    expect(await version()).toBe(RENDITIONS_VERSION);
    expect(await renditions.make(res.body.id)).toBe('already-made');
  });

  it('an item the job could not render keeps being shown by its original', async () => {
    // a JPEG whose header reads but whose picture data is cut off after the upload's check
    const res = await upload(v, await jpegWithGpsAndOrientation(), 'fine.jpg').expect(201);
    await renditionsSettled(t);
    await q(`UPDATE media SET renditions_state = 'pending', renditions = NULL WHERE id = $1`, [res.body.id]);
    const [{ storage_key }] = await q(`SELECT storage_key FROM media WHERE id = $1`, [res.body.id]);
    await putObject(t, storage_key, Buffer.from('no longer a picture'), 'image/jpeg');
    const job = await asAdmin(t).post('/api/admin/media/renditions').send({}).expect(202);
    const done = await waitForJob(t, job.body.jobId);
    expect(done.state).toBe('completed');
    const [row] = await q(`SELECT renditions_state, renditions_error FROM media WHERE id = $1`, [res.body.id]);
    expect(row.renditions_state).toBe('failed');
    expect(row.renditions_error).toMatch(/could not be decoded/);
    const item = await mine(v, res.body.id);
    // nothing to show but the placeholder: My Stats never points to the original
    expect(item).toMatchObject({
      thumbUrl: null,
      previewUrl: null,
      srcset: null,
      url: null,
      renditionsState: 'failed',
    });
    expect(await asAdmin(t).get('/api/admin/media/renditions').expect(200)).toMatchObject({
      body: { pending: 0, failed: 1 },
    });
  });

  it('the backfill makes what is missing, answers the counts, and a second run finds nothing to do', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(v, await markedJpeg(1 + i), `b${i}.jpg`).expect(201)).body.id);
    await renditionsSettled(t);
    // as if stored before renditions existed (their files are named by content: made again, the same keys)
    await q(`UPDATE media SET renditions_state = 'pending', renditions = NULL WHERE id = ANY($1)`, [ids]);
    const started = await asAdmin(t).post('/api/admin/media/renditions').send({}).expect(202);
    // one backfill at a time: a second start while it runs answers that job (or finds it done)
    const again = await asAdmin(t).post('/api/admin/media/renditions').send({});
    if (again.status === 409) expect(again.body).toMatchObject({ error: 'job_running', jobId: started.body.jobId });
    else expect(again.status).toBe(202);
    const done = await waitForJob(t, started.body.jobId);
    expect(done.state).toBe('completed');
    expect(done.result).toMatchObject({ total: 3, made: 3, unrenderable: 0 });
    for (const id of ids) expect((await mine(v, id)).previewUrl).toMatch(/preview-/);
    const rerun = await asAdmin(t).post('/api/admin/media/renditions').send({}).expect(202);
    expect((await waitForJob(t, rerun.body.jobId)).result).toMatchObject({ total: 0, made: 0 });
    await asAdmin(t).post('/api/admin/media/renditions').send({ retryFailed: 'yes' }).expect(400);
  });

  it('the backfill walks until nothing is left: an item behind its cursor that became outdated meanwhile is made too', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(v, await markedJpeg(4 + i), `k${i}.jpg`).expect(201)).body.id);
    await renditionsSettled(t);
    await q(`UPDATE media SET renditions_state = 'pending', renditions = NULL WHERE id = ANY($1)`, [ids]);
    const job = t.app.get(GenerateRenditionsJob);
    let tookBack = false;
    const result = await job.run(
      {},
      {
        jobId: 'test-backfill',
        attempt: 1,
        signal: new AbortController().signal,
        progress: async (p) => {
          // once the cursor is past the first item, an older release's worker (a rolling upgrade)
          // saves it again with its own pipeline
          if (!tookBack && Number(p.made) === 2) {
            tookBack = true;
            await q(`UPDATE media SET renditions_version = $2 WHERE id = $1`, [ids[0], RENDITIONS_VERSION - 1]);
          }
        },
      },
    );
    expect(tookBack).toBe(true);
    expect(result).toMatchObject({ made: 4, unrenderable: 0 });
    const rows: Array<{ renditions_version: number }> = await q(
      `SELECT renditions_version FROM media WHERE id = ANY($1)`,
      [ids],
    );
    expect(rows.map((r) => r.renditions_version)).toEqual([RENDITIONS_VERSION, RENDITIONS_VERSION, RENDITIONS_VERSION]);
  });

  it('an app that runs no jobs still stores new uploads, their originals served to their uploaders only', async () => {
    const noJobs = await startTestApp({ RUN_JOBS: 'false' });
    try {
      const someone = await newVisitor(noJobs);
      const res = await upload(someone, await jpegWithGpsAndOrientation(), 'later.jpg').expect(201);
      expect(res.body).toMatchObject({ thumbUrl: null, previewUrl: null, srcset: null, playbackUrl: null, width: 20 });
      await binary(someone.agent.get(res.body.url)).expect(200);
      await request(noJobs.server).get(res.body.url).expect(404);
    } finally {
      await noJobs.close();
    }
  });
});

describe(`media renditions: one visitor's flood does not hold back another's first upload (${dbKind})`, () => {
  const noisy = (seed: number) =>
    sharp({
      create: {
        width: 2000,
        height: 1500,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 100 + seed, sigma: 50 },
      },
    })
      .jpeg()
      .toBuffer();

  // the attacker's address and the victim's, named by the (trusted loopback) proxy
  const from = (ip: string) => (test: ReturnType<typeof upload>) => test.set('X-Forwarded-For', ip);
  const attackerAddress = from('203.0.113.9');
  const victimAddress = from('198.51.100.7');

  it("queues the n-th item waiting from one visitor or one address at priority n, so anyone else's first comes next", async () => {
    const t = await startTestApp({ RUN_JOBS: 'false' });
    try {
      // one address, two sessions taking turns: its place counts by address, not per session
      const attackers = [await newVisitor(t), await newVisitor(t)];
      const victim = await newVisitor(t);
      const flood: number[] = [];
      for (let i = 0; i < 4; i++)
        flood.push((await attackerAddress(upload(attackers[i % 2]!, await noisy(i), `f${i}.jpg`)).expect(201)).body.id);
      const mine = (await victimAddress(upload(victim, await noisy(9), 'mine.jpg')).expect(201)).body.id;
      const jobs: Array<{ media: string; priority: number }> = await t.app
        .get(DataSource)
        .query(
          `SELECT payload ->> 'mediaId' AS media, priority FROM jobs WHERE name = 'make-renditions' ORDER BY created_at`,
        );
      expect(jobs).toEqual([
        ...flood.map((id, i) => ({ media: String(id), priority: i + 1 })),
        { media: String(mine), priority: 1 },
      ]);
    } finally {
      await t.close();
    }
  });

  it('counts by network, not by address: one /24 (IPv4) or one /48 (IPv6) queues as one uploader', async () => {
    const t = await startTestApp({ RUN_JOBS: 'false' });
    try {
      const priorities = async (addresses: string[], offset: number) => {
        const ids: number[] = [];
        for (const [i, ip] of addresses.entries()) {
          // a new session from a new address of the same network each time
          const attacker = await newVisitor(t);
          ids.push(
            (await from(ip)(upload(attacker, await noisy(offset + i), `n${offset + i}.jpg`)).expect(201)).body.id,
          );
        }
        const rows: Array<{ media: string; priority: number }> = await t.app
          .get(DataSource)
          .query(`SELECT payload ->> 'mediaId' AS media, priority FROM jobs WHERE name = 'make-renditions'`);
        return ids.map((id) => rows.find((r) => r.media === String(id))?.priority);
      };
      expect(await priorities(['203.0.113.9', '203.0.113.77', '203.0.113.200'], 20)).toEqual([1, 2, 3]);
      expect(await priorities(['2001:db8:1:2::5', '2001:db8:1:ff::9', '::ffff:198.51.100.7'], 30)).toEqual([1, 2, 1]);
    } finally {
      await t.close();
    }
  });

  it('the database queue runs as many renditions at once as RENDITION_CONCURRENCY lets', async () => {
    const t = await startTestApp({ RENDITION_CONCURRENCY: '2' });
    try {
      // two uploaders' videos long enough to be seen running side by side
      for (let i = 0; i < 2; i++) {
        const clip = repeatedSkipFrameMp4({ width: 1280, height: 720, fps: 30, frames: 600 + i });
        await from(`192.0.2.${10 + i}`)(upload(await newVisitor(t), clip, `c${i}.mp4`)).expect(201);
      }
      const q = () =>
        t.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM jobs WHERE name = 'make-renditions' AND state = 'active'`);
      let most = 0;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline && most < 2;) {
        most = Math.max(most, (await q())[0].n);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(most).toBe(2);
      await renditionsSettled(t, 120_000);
    } finally {
      await t.close();
    }
  }, 180_000);

  // two processes on one database: PostgreSQL only (PGlite is one process)
  if (dbKind === 'postgres') {
    it("a worker makes the other visitor's item before the rest of the flood", async () => {
      const uploads = await startTestApp({ RUN_JOBS: 'false' });
      let worker: TestApp | undefined;
      try {
        // a new session for every upload, all from one address
        const victim = await newVisitor(uploads);
        const flood: number[] = [];
        for (let i = 0; i < 8; i++) {
          const attacker = await newVisitor(uploads);
          flood.push((await attackerAddress(upload(attacker, await noisy(i), `f${i}.jpg`)).expect(201)).body.id);
        }
        const mine = (await victimAddress(upload(victim, await noisy(9), 'mine.jpg')).expect(201)).body.id;
        const q = (sql: string, params?: unknown[]) => uploads.app.get(DataSource).query(sql, params);
        worker = await startTestApp({ DATABASE_URL: uploads.config.databaseUrl, DATA_DIR: uploads.dataDir });
        let floodReadyFirst = -1;
        for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
          const rows: Array<{ id: number; renditions_state: string }> = await q(
            `SELECT id, renditions_state FROM media WHERE id = ANY($1)`,
            [[...flood, mine]],
          );
          if (rows.find((r) => r.id === mine)?.renditions_state === 'ready') {
            floodReadyFirst = rows.filter((r) => r.id !== mine && r.renditions_state === 'ready').length;
            break;
          }
          await new Promise((r) => setTimeout(r, 20));
        }
        // the flood's first item (as old and as urgent) may go first, and one more may finish meanwhile; never the whole flood
        expect(floodReadyFirst).toBeGreaterThanOrEqual(0);
        expect(floodReadyFirst).toBeLessThanOrEqual(2);
        // the address is kept only while an item waits: made items no longer carry it
        const kept: Array<{ n: number }> = await q(
          `SELECT count(*)::int AS n FROM media WHERE upload_address IS NOT NULL AND renditions_state <> 'pending'`,
        );
        expect(kept[0]!.n).toBe(0);
      } finally {
        await worker?.close();
        await uploads.close();
      }
    }, 180_000);
  }
});

describe(`media renditions are deleted with their media (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** An upload with its renditions made; answers its id and every key it has in storage. */
  async function withRenditions(v: Visitor): Promise<{ id: number; keys: string[] }> {
    const res = await upload(v, await jpegWithGpsAndOrientation(), 'del.jpg').expect(201);
    await renditionsSettled(t);
    const item = await mine(v, res.body.id);
    const keys = [keyOf(res.body.url), keyOf(item.thumbUrl!), keyOf(item.previewUrl!)];
    const stored = await listKeys(t);
    for (const k of keys) expect(stored).toContain(k);
    return { id: res.body.id, keys };
  }
  const gone = async (keys: string[], { original = true } = {}) => {
    const stored = await listKeys(t);
    for (const k of keys.slice(original ? 0 : 1)) expect(stored, k).not.toContain(k);
  };

  it('by its owner', async () => {
    const v = await newVisitor(t);
    const { id, keys } = await withRenditions(v);
    await v.agent.delete(`/api/media/${id}?userId=${v.id}`).expect(200);
    await gone(keys);
  });

  it('by an operator, one or in bulk', async () => {
    const v = await newVisitor(t);
    const one = await withRenditions(v);
    await asAdmin(t).delete(`/api/admin/media/${one.id}`).expect(200);
    await gone(one.keys);
    const a = await withRenditions(v);
    const b = await withRenditions(v);
    await asAdmin(t)
      .post('/api/admin/media/delete')
      .send({ ids: [a.id, b.id] })
      .expect(200);
    await gone([...a.keys, ...b.keys]);
  });

  it("by a ban that deletes the user's media", async () => {
    const v = await newVisitor(t);
    const { keys } = await withRenditions(v);
    await asAdmin(t)
      .post('/api/admin/users/ban')
      .send({ ids: [v.id], deleteMedia: true })
      .expect(200);
    await gone(keys);
  });

  it('by a bucket delete of the original, which cannot name a rendition itself', async () => {
    const v = await newVisitor(t);
    const { keys } = await withRenditions(v);
    const refused = await asAdmin(t)
      .post('/api/admin/delete-bucket-files')
      .send({ filenames: [keys[1]] })
      .expect(400);
    expect(refused.body.message).toMatch(/renditions go with their media/);
    const listing = await asAdmin(t).get('/api/admin/list-bucket-files').expect(200);
    const listed = (listing.body.files as Array<{ key: string }>).map((f) => f.key);
    expect(listed).toContain(keys[0]);
    expect(listed.filter((k) => k.startsWith('renditions/'))).toEqual([]);
    await asAdmin(t)
      .post('/api/admin/delete-bucket-files')
      .send({ filenames: [keys[0]] })
      .expect(200);
    await gone(keys);
  });

  it('by the database reset, which keeps the originals for Import Media', async () => {
    const v = await newVisitor(t);
    const { keys } = await withRenditions(v);
    await asAdmin(t).post('/api/admin/reset-database').send({ confirm: 'RESET DATABASE' }).expect(200);
    const deadline = Date.now() + 10_000;
    while ((await listKeys(t)).some((k) => k.startsWith('renditions/')) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await gone(keys, { original: false });
    expect(await listKeys(t)).toContain(keys[0]);
  });
});

describe(`bucket import cleans and renders what it brings in (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('an imported photo and video are rewritten without their metadata, then get renditions', async () => {
    await putObject(t, 'camera/IMG_0001.jpg', await jpegWithGpsAndOrientation(), 'image/jpeg');
    await putObject(t, 'camera/VID_0001.mp4', phoneMp4, 'video/mp4');
    const started = await asAdmin(t).post('/api/admin/import-media').expect(202);
    const job = await waitForJob(t, started.body.jobId);
    expect(job.result).toMatchObject({ imported: 2, errors: 0 });
    const states = await renditionsSettled(t);
    expect([...states.values()]).not.toContain('pending');
    // imported originals have no uploader: an admin downloads them
    const cookie = await adminMediaCookie(t);
    const getOriginal = (url: string) => binary(request(t.server).get(url).set('Cookie', cookie)).expect(200);
    const photo = (await getOriginal('/media/camera/IMG_0001.jpg')).body as Buffer;
    expect(photo.includes(Buffer.from('LeakyCam'))).toBe(false);
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const video = (await getOriginal('/media/camera/VID_0001.mp4')).body as Buffer;
    expect(video.length).toBe(phoneMp4.length);
    for (const leak of ['LeakyCam', 'Leaky 15 Pro', '©xyz'])
      expect(video.includes(Buffer.from(leak, 'latin1'))).toBe(false);
    const rows = await asAdmin(t).get('/api/admin/media').expect(200);
    const imported = (rows.body as Array<{ originalName: string; thumbUrl: string | null; width: number | null }>).find(
      (m) => m.originalName === 'IMG_0001.jpg',
    )!;
    expect(imported).toMatchObject({ width: 20, thumbUrl: expect.stringMatching(/^\/media\/renditions\/camera\//) });
    // a second import finds the renditions in the bucket and leaves them alone
    const again = await asAdmin(t).post('/api/admin/import-media').expect(202);
    expect((await waitForJob(t, again.body.jobId)).result).toMatchObject({ imported: 0, errors: 0, totalFiles: 2 });
  });
});

describe.skipIf(!exiftool || !ffmpeg)(
  `no served byte stream carries metadata, read by exiftool (${dbKind}; needs exiftool and ffmpeg)`,
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp();
    });
    afterAll(() => t.close());

    it('the original, thumbnail and preview of a GPS photo; the original, playback file and poster of a phone video', async () => {
      const v = await newVisitor(t);
      const photo = await uploaded(t, v, await jpegWithGpsAndOrientation(), 'gps.jpg');
      const video = await uploaded(t, v, phoneMp4, 'phone.mp4');
      const fixtureTags = await exifTags(phoneMp4);
      expect(privateTags(fixtureTags).length).toBeGreaterThan(3); // the fixture does leak
      const streams = [
        photo.thumbUrl,
        photo.previewUrl,
        photo.fullUrl,
        video.playbackUrl,
        video.thumbUrl,
        video.previewUrl,
      ];
      for (const url of streams) {
        expect(url).toEqual(expect.any(String));
        const tags = await exifTags((await get(t, url!)).body as Buffer);
        expect(privateTags(tags), url!).toEqual([]);
      }
      // the originals, cleaned too, as their uploader downloads them (nobody else can)
      for (const url of [photo.original, video.original]) {
        const tags = await exifTags((await getOwn(v, url)).body as Buffer);
        expect(privateTags(tags), url).toEqual([]);
      }
    });
  },
);
