import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { SharpFfmpegRenditionMaker } from '../src/modules/media/renditions/infrastructure/sharp-ffmpeg-rendition-maker.js';
import {
  bytesOf,
  chartCentres,
  CHART,
  deltaE,
  h264Mp4,
  hdrHevcMp4,
  signalStats,
  p3ChartJpeg,
  probeColour,
  sampleColours,
  vp9OrAv1Mp4,
} from './fixtures/phone-media.js';

/**
 * Issue 31 items 1–2: what the renditions of phone media look like. The rendition maker runs as
 * the job runs it (sharp, and ffmpeg sandboxed by run-tool); no database is involved. Fixtures
 * are made at test time, each well under 1 MB.
 */
const has = (tool: string) => spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0;
const ffmpeg = has('ffmpeg') && has('ffprobe');

let dir: string;
let maker: SharpFfmpegRenditionMaker;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-fidelity-'));
  maker = new SharpFfmpegRenditionMaker(loadConfig({ DATA_DIR: dir }));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A fresh work folder for one rendition set. */
const workDir = () => mkdtemp(path.join(dir, 'work-'));

/** SDR BT.709 as browsers play it: these tags, 8-bit 4:2:0. */
const BT709 = { pixFmt: 'yuv420p', primaries: 'bt709', transfer: 'bt709', matrix: 'bt709', range: 'tv' };

describe.runIf(ffmpeg)('HDR video becomes SDR BT.709', () => {
  it('an HLG clip (HEVC Main 10, BT.2020): its playback file and poster are BT.709 8-bit, luma in the SDR range', async () => {
    const clip = hdrHevcMp4(path.join(dir, 'hlg.mp4'), { width: 640, height: 360, seconds: 1, grain: 6 });
    expect(await probeColour(clip)).toMatchObject({
      pixFmt: 'yuv420p10le',
      transfer: 'arib-std-b67',
      primaries: 'bt2020',
    });
    const made = await maker.video(clip, await workDir());

    const playback = await probeColour(made.playback!.path);
    expect(playback).toMatchObject({ codec: 'h264', ...BT709 });
    const stats = await signalStats(made.playback!.path);
    // highlights within limited range (≤ 235), the scene as bright and as colourful as the SDR
    // pattern it was made from (BT.2020 values shown as BT.709 keep under half the saturation)
    expect(stats.yhigh).toBeLessThanOrEqual(235);
    const sdr = await signalStats(
      h264Mp4(path.join(dir, 'sdr.mp4'), { width: 640, height: 360, seconds: 1, grain: 6, kbps: 2000 }),
    );
    expect(Math.abs(stats.yavg - sdr.yavg) / sdr.yavg).toBeLessThan(0.1);
    expect(stats.satavg).toBeGreaterThan(sdr.satavg * 0.8);

    // the poster: an 8-bit sRGB picture without a profile, as bright as a frame of the playback file
    const poster = await readFile(made.preview.path);
    const meta = await sharp(poster).metadata();
    expect(meta).toMatchObject({ format: 'webp', depth: 'uchar', space: 'srgb' });
    expect(meta.icc).toBeUndefined();
    const posterLuma = await signalStats(made.preview.path);
    expect(Math.abs(posterLuma.yavg - sdr.yavg) / sdr.yavg).toBeLessThan(0.1);
  });

  it('a PQ clip is tone-mapped too; an untagged SDR clip is tagged BT.709', async () => {
    // an untagged SDR clip gets the tags a player would have assumed, its pixels as they were
    const untagged = path.join(dir, 'untagged.mp4');
    spawnSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=480x270:duration=1',
      '-pix_fmt',
      'yuv420p',
      untagged,
    ]);
    expect((await probeColour(untagged)).primaries).toBeNull();
    const sdr = await maker.video(untagged, await workDir());
    expect(await probeColour(sdr.playback!.path)).toMatchObject(BT709);
    const reference = await signalStats(untagged);

    const pq = hdrHevcMp4(path.join(dir, 'pq.mp4'), { width: 480, height: 270, seconds: 1, transfer: 'smpte2084' });
    const made = await maker.video(pq, await workDir());
    expect(await probeColour(made.playback!.path)).toMatchObject(BT709);
    const stats = await signalStats(made.playback!.path);
    expect(stats.yhigh).toBeLessThanOrEqual(235);
    expect(Math.abs(stats.yavg - reference.yavg) / reference.yavg).toBeLessThan(0.1);
    expect(stats.satavg).toBeGreaterThan(reference.satavg * 0.8);
  });
});

describe('photos are converted to sRGB from their embedded profile, which is not kept', () => {
  it('a Display P3 photo: every rendition keeps its colours within ΔE 3 of the source', async () => {
    const jpeg = await p3ChartJpeg(2400, 1200);
    expect((await sharp(jpeg).metadata()).icc).toBeDefined();
    const file = path.join(dir, 'p3.jpg');
    await writeFile(file, jpeg);
    const made = await maker.image(file, await workDir(), false);
    for (const r of [made.full!, made.preview, made.thumb]) {
      const picture = await readFile(r.path);
      expect((await sharp(picture).metadata()).icc).toBeUndefined();
      const colours = await sampleColours(picture, chartCentres(r.width, r.height), r.width < 600 ? 8 : 16);
      colours.forEach((c, i) => expect(deltaE(c, CHART[i]!), `${r.path} patch ${i}`).toBeLessThan(3));
    }
    // the same values read as sRGB (the profile ignored) are visibly off: the check can tell
    const ignored = await sampleColours(
      await sharp(jpeg, { ignoreIcc: true }).png().toBuffer(),
      chartCentres(2400, 1200),
    );
    expect(Math.max(...ignored.map((c, i) => deltaE(c, CHART[i]!)))).toBeGreaterThan(5);
  });

  it('a CMYK photo is converted to sRGB without its profile', async () => {
    const file = path.join(dir, 'cmyk.jpg');
    await sharp({ create: { width: 800, height: 400, channels: 3, background: { r: 200, g: 120, b: 60 } } })
      .toColourspace('cmyk')
      .withIccProfile('cmyk')
      .jpeg({ quality: 95 })
      .toFile(file);
    expect((await sharp(file).metadata()).space).toBe('cmyk');
    const made = await maker.image(file, await workDir(), false);
    const preview = await readFile(made.preview.path);
    expect(await sharp(preview).metadata()).toMatchObject({ space: 'srgb', channels: 3 });
    expect((await sharp(preview).metadata()).icc).toBeUndefined();
    // the source's colour: its CMYK values through its own profile
    const [source] = await sampleColours(await sharp(file).png().toBuffer(), [[400, 200]]);
    const [colour] = await sampleColours(preview, [[made.preview.width / 2, made.preview.height / 2]]);
    expect(deltaE(colour!, source!)).toBeLessThan(3);
  });
});

describe.runIf(ffmpeg)('size policy: no playback file larger than its original', () => {
  it('phone-like clips, among them a 1 s one, a silent one, VP9 and AV1 at low bitrates', async () => {
    const at = (name: string) => path.join(dir, name);
    const corpus = [
      h264Mp4(at('grainy-1s.mp4'), { width: 960, height: 540, seconds: 1, grain: 20, kbps: 1500, audio: true }),
      h264Mp4(at('silent.mp4'), { width: 640, height: 360, seconds: 1.5, grain: 12, kbps: 600 }),
      vp9OrAv1Mp4(at('vp9.mp4'), { width: 640, height: 360, seconds: 1, grain: 8, kbps: 400, codec: 'vp9' }),
      vp9OrAv1Mp4(at('av1.mp4'), { width: 640, height: 360, seconds: 1, grain: 8, kbps: 250, codec: 'av1' }),
      hdrHevcMp4(at('hlg-small.mp4'), { width: 640, height: 360, seconds: 1, grain: 10, crf: 28 }),
    ];
    for (const original of corpus) {
      expect(bytesOf(original)).toBeLessThan(1_000_000);
      const made = await maker.video(original, await workDir());
      expect(bytesOf(made.playback!.path), path.basename(original)).toBeLessThanOrEqual(bytesOf(original));
    }
  });
});

describe('size policy: no photo preview larger than its original', () => {
  it('a grainy JPEG saved at low quality gets a preview no larger than itself (WebP at 80 would be half as large again)', async () => {
    const [width, height] = [1400, 1000];
    const px = await sharp(randomBytes(70 * 50 * 3), { raw: { width: 70, height: 50, channels: 3 } })
      .resize(width, height, { kernel: 'cubic' })
      .raw()
      .toBuffer();
    const grain = randomBytes(px.length);
    for (let i = 0; i < px.length; i++) px[i] = Math.max(0, Math.min(255, px[i]! + (grain[i]! % 31) - 15));
    const file = path.join(dir, 'low-quality.jpg');
    await sharp(px, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 30 })
      .toFile(file);
    const atEighty = await sharp(file).webp({ quality: 80, effort: 4, smartSubsample: true }).toBuffer();
    expect(atEighty.length).toBeGreaterThan(bytesOf(file));

    const made = await maker.image(file, await workDir(), false);
    expect(made.preview).toMatchObject({ width, height });
    expect(bytesOf(made.preview.path)).toBeLessThanOrEqual(bytesOf(file));
  });
});
