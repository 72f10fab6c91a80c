import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { cameraPhotos, phoneVideo, scene, SENSOR } from './camera-files.js';
import type { Scenario } from './context.js';
import { untilReady } from './hostile-media.scenario.js';
import { statsItems } from './media-delivery.scenario.js';
import { imageSsim, probeColour, signalStats, videoSsim } from './media-measure.js';
import { h264Mp4, hdrHevcMp4, screenshotPng, vp9OrAv1Mp4 } from './phone-media.js';
import { fmtMs } from './report.js';
import { newVisitor, uploadAccepted } from './visitor-client.js';

/** Made once per machine and reused (the 4K HLG clip alone takes a minute). Bump the version when they change. */
const CORPUS_DIR = path.join(os.tmpdir(), 'vibe-bench-quality-v1');

/** Issue 31's targets. */
const PHOTO = { ssim: 0.97, share: 0.15 };
const VIDEO = { ssim: 0.95, share: 1 };
const HDR_LUMA = 0.1;

/**
 * The tone-mapped reference an HDR playback file is judged against: the source tone-mapped at
 * full size (the pipeline tone-maps after its downscale), then scaled like the rendition.
 */
const toneMapped = (transfer: string) =>
  [
    `zscale=tin=${transfer}:pin=bt2020:min=bt2020nc:t=linear:npl=100`,
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=tonemap=mobius:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
    'format=yuv420p',
  ].join(',');

interface CorpusFile {
  name: string;
  file: string;
  kind: 'photo' | 'video';
}

/** The phone corpus: what a visitor uploads from a phone today. */
async function corpus(log: (m: string) => void): Promise<CorpusFile[]> {
  await mkdir(CORPUS_DIR, { recursive: true });
  const at = (name: string) => path.join(CORPUS_DIR, name);
  const [camera] = await cameraPhotos(1, log);
  const p3 = at('p3-12mp.jpg');
  if (!existsSync(p3)) {
    log('media-quality: Display P3 photo');
    await writeFile(
      p3,
      await sharp(await scene(), { raw: { ...SENSOR, channels: 3 } })
        .withIccProfile('p3')
        .jpeg({ quality: 90, chromaSubsampling: '4:2:0' })
        .toBuffer(),
    );
  }
  log('media-quality: videos (made once per machine)');
  return [
    { name: '12 MP JPEG', file: camera!.file, kind: 'photo' },
    { name: 'Display P3 JPEG (12 MP)', file: p3, kind: 'photo' },
    { name: 'PNG screenshot 1170×2532', file: await screenshotPng(at('screenshot.png')), kind: 'photo' },
    { name: '1080p H.264 12 Mbit/s, 6 s', file: (await phoneVideo()).file, kind: 'video' },
    {
      name: '4K HEVC 10-bit HLG, 3 s',
      file: hdrHevcMp4(at('hlg-4k.mp4'), { width: 3840, height: 2160, seconds: 3, grain: 8, audio: true, crf: 24 }),
      kind: 'video',
    },
    {
      name: '1080p VP9 4 Mbit/s, 4 s',
      file: vp9OrAv1Mp4(at('vp9-1080p.mp4'), {
        width: 1920,
        height: 1080,
        seconds: 4,
        grain: 10,
        kbps: 4000,
        audio: true,
        codec: 'vp9',
      }),
      kind: 'video',
    },
    {
      name: '1080p AV1 2 Mbit/s, 4 s',
      file: vp9OrAv1Mp4(at('av1-1080p.mp4'), {
        width: 1920,
        height: 1080,
        seconds: 4,
        grain: 10,
        kbps: 2000,
        audio: true,
        codec: 'av1',
      }),
      kind: 'video',
    },
    {
      name: '1 s 1080p H.264 clip',
      file: h264Mp4(at('clip-1s.mp4'), { width: 1920, height: 1080, seconds: 1, grain: 18, kbps: 12000, audio: true }),
      kind: 'video',
    },
  ];
}

/**
 * Whether AVIF would be worth a second preview format (issue 31 item 2): the same picture as
 * AVIF at the quality whose SSIM is closest to the WebP's, its bytes and encoding time beside the
 * WebP's. Measured here, not made by the pipeline.
 */
async function avifBeside(name: string, reference: Buffer, webpBytes: number, webpSsim: number) {
  const tries = [];
  for (const quality of [40, 50, 60, 70]) {
    const started = performance.now();
    const avif = await sharp(reference).avif({ quality, effort: 4 }).toBuffer();
    const ms = performance.now() - started;
    tries.push({ quality, bytes: avif.length, ms, ssim: await imageSsim(avif, reference) });
  }
  const best = tries.reduce((a, b) => (Math.abs(b.ssim - webpSsim) < Math.abs(a.ssim - webpSsim) ? b : a));
  return {
    file: name,
    'WebP preview': `${KB(webpBytes)}, SSIM ${webpSsim.toFixed(4)}`,
    'AVIF at about that SSIM': `q${best.quality}: ${KB(best.bytes)}, SSIM ${best.ssim.toFixed(4)}`,
    'AVIF vs WebP bytes': pct(best.bytes / webpBytes),
    'AVIF encode': fmtMs(best.ms),
  };
}

const KB = (n: number) => `${Math.round(n / 1000).toLocaleString('en')} KB`;
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const yes = (ok: boolean) => (ok ? 'yes' : 'NO');

/**
 * Issue 31 item 3: each phone file is uploaded to a bench API and, once its renditions are made,
 * its rendition is fetched as a visitor would and measured: bytes against the original, SSIM
 * against the source scaled to the rendition's size (ffmpeg's ssim filter; an HDR source
 * tone-mapped first), and for HDR the mean luma against the tone-mapped reference.
 */
export const mediaQuality: Scenario = {
  name: 'media-quality',
  description: 'phone photos and videos (P3, HLG, VP9, AV1…): rendition bytes vs original, SSIM vs source, HDR luma',
  async run(ctx) {
    const files = await corpus(ctx.log);
    const app = await ctx.startApp({
      label: 'media-quality',
      media: 1,
      votes: 0,
      env: { RATE_LIMIT_PER_MINUTE: '10000000' },
    });
    const work = path.join(CORPUS_DIR, `run-${process.pid}`);
    await mkdir(work, { recursive: true });
    try {
      const v = await newVisitor(app.baseUrl, '198.51.100.31');
      const photoRows: Array<Record<string, string>> = [];
      const videoRows: Array<Record<string, string>> = [];
      const avifRows: Array<Record<string, string>> = [];
      for (const f of files) {
        ctx.log(`media-quality: ${f.name}`);
        try {
          const original = await readFile(f.file);
          const type = f.kind === 'video' ? 'video/mp4' : f.file.endsWith('.png') ? 'image/png' : 'image/jpeg';
          const id = await uploadAccepted(
            app.baseUrl,
            v,
            new Blob([new Uint8Array(original)], { type }),
            path.basename(f.file),
          );
          const ms = await untilReady(app, id);
          const item = (await statsItems(app.baseUrl, v)).find((i) => i.id === id);
          const url = f.kind === 'video' ? item?.playbackUrl : item?.previewUrl;
          if (ms === null || !url) {
            (f.kind === 'video' ? videoRows : photoRows).push({
              file: f.name,
              original: KB(original.length),
              result: 'no rendition',
            });
            continue;
          }
          const rendition = Buffer.from(await (await fetch(`${app.baseUrl}${url}`)).arrayBuffer());
          const poster =
            f.kind === 'video' && item?.previewUrl
              ? (await (await fetch(`${app.baseUrl}${item.previewUrl}`)).arrayBuffer()).byteLength
              : 0;
          const share = rendition.length / original.length;
          if (f.kind === 'photo') {
            const meta = await sharp(rendition).metadata();
            // the source as a browser shows it (upright, through its ICC profile), at the preview's size
            const reference = await sharp(original)
              .autoOrient()
              .resize(meta.width, meta.height, { fit: 'fill' })
              .png()
              .toBuffer();
            const ssim = await imageSsim(rendition, reference);
            avifRows.push(await avifBeside(f.name, reference, rendition.length, ssim));
            photoRows.push({
              file: f.name,
              original: KB(original.length),
              preview: `${KB(rendition.length)} ${meta.width}×${meta.height}`,
              'of original': pct(share),
              SSIM: ssim.toFixed(4),
              'made in': fmtMs(ms),
              'targets met': yes(ssim >= PHOTO.ssim && share <= PHOTO.share),
            });
            continue;
          }
          const playback = path.join(work, `${id}.mp4`);
          await writeFile(playback, rendition);
          const source = await probeColour(f.file);
          const made = await probeColour(playback);
          const hdr = source.transfer === 'arib-std-b67' || source.transfer === 'smpte2084';
          const reference = hdr ? toneMapped(source.transfer!) : '';
          const ssim = await videoSsim(playback, f.file, made.width, made.height, reference);
          let luma = '';
          let lumaOk = true;
          if (hdr) {
            const want = (await signalStats(f.file, [reference, `scale=${made.width}:${made.height}`].join(','))).yavg;
            const got = (await signalStats(playback)).yavg;
            lumaOk = Math.abs(got - want) / want <= HDR_LUMA;
            luma = `${got.toFixed(1)} vs ${want.toFixed(1)}`;
          }
          videoRows.push({
            file: f.name,
            original: `${KB(original.length)} ${source.codec} ${source.pixFmt}`,
            playback: `${KB(rendition.length)} ${made.width}×${made.height}`,
            'of original': pct(share),
            SSIM: ssim.toFixed(4),
            tags: `${made.pixFmt} ${made.primaries}/${made.transfer}/${made.matrix}`,
            'HDR mean luma vs ref': luma,
            poster: KB(poster),
            'made in': fmtMs(ms),
            'targets met': yes(ssim >= VIDEO.ssim && share <= VIDEO.share && lumaOk),
          });
        } catch (err) {
          // one file's trouble is a row of the table, not the end of the scenario
          const cause = (err as Error & { cause?: Error }).cause?.message;
          (f.kind === 'video' ? videoRows : photoRows).push({
            file: f.name,
            result: `failed: ${(err as Error).message}${cause ? ` (${cause})` : ''}`.slice(0, 160),
          });
        }
      }
      ctx.report(
        photoRows,
        `media-quality: photo previews (targets SSIM ≥ ${PHOTO.ssim}, ≤ ${PHOTO.share * 100} % of the original)`,
      );
      ctx.report(avifRows, 'media-quality: AVIF instead of the WebP preview (not served; sharp, effort 4)');
      ctx.report(
        videoRows,
        `media-quality: playback files (targets SSIM ≥ ${VIDEO.ssim}, ≤ ${VIDEO.share * 100} % of the original, HDR mean luma within ${HDR_LUMA * 100} % of the tone-mapped reference)`,
      );
      ctx.log(`media-quality: the corpus stays in ${CORPUS_DIR} for the next run`);
    } finally {
      await app.close().catch(() => undefined);
      await rm(work, { recursive: true, force: true });
    }
  },
};
