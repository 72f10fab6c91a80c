import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/**
 * What a rendition looks like against its source (issue 31 item 3): ffprobe's colour tags,
 * ffmpeg's signalstats (luma) and ssim, and CIE ΔE on sampled colours. Shared by the tests and
 * the media-quality bench.
 */

export interface StreamColour {
  codec: string;
  pixFmt: string;
  width: number;
  height: number;
  primaries: string | null;
  transfer: string | null;
  matrix: string | null;
  range: string | null;
}

/**
 * ffmpeg/ffprobe without blocking the event loop (a 4K SSIM takes a minute; blocked that long, a
 * bench's kept-alive HTTP socket goes stale under it). Answers stdout and stderr.
 */
const run = (tool: string, args: string[]) =>
  promisify(execFile)(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The first video stream's codec, pixel format, size and colour tags. */
export async function probeColour(file: string): Promise<StreamColour> {
  const { stdout: out } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-of', 'json', '-show_entries'],
    'stream=codec_name,pix_fmt,width,height,color_primaries,color_transfer,color_space,color_range',
    file,
  ]);
  const s = (JSON.parse(out) as { streams: Array<Record<string, string | number>> }).streams[0]!;
  const str = (k: string) => (typeof s[k] === 'string' && s[k] !== 'unknown' ? (s[k] as string) : null);
  return {
    codec: String(s.codec_name),
    pixFmt: String(s.pix_fmt),
    width: Number(s.width),
    height: Number(s.height),
    primaries: str('color_primaries'),
    transfer: str('color_transfer'),
    matrix: str('color_space'),
    range: str('color_range'),
  };
}

export interface SignalStats {
  /** mean of the frames' average luma (8-bit code values) */
  yavg: number;
  /** the brightest and darkest luma of any frame */
  ymax: number;
  ymin: number;
  /** the highest of the frames' 90th luma percentiles: the highlights, without a ringing pixel at an edge */
  yhigh: number;
  /** mean of the frames' average saturation: a BT.2020 picture shown as BT.709 loses more than half of it */
  satavg: number;
}

/** signalstats over every frame of `file` (after `filters`, when given), in 8-bit code values. */
export async function signalStats(file: string, filters?: string): Promise<SignalStats> {
  const { stdout: out } = await run('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-i', file],
    ...['-vf', [filters, 'signalstats', 'metadata=print:file=-'].filter(Boolean).join(',')],
    ...['-f', 'null', '-'],
  ]);
  const values = (key: string) =>
    [...out.matchAll(new RegExp(`signalstats\\.${key}=([\\d.]+)`, 'g'))].map((m) => Number(m[1]));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  if (!values('YAVG').length) throw new Error(`signalstats read no frame of ${file}`);
  return {
    yavg: mean(values('YAVG')),
    ymax: Math.max(...values('YMAX')),
    ymin: Math.min(...values('YMIN')),
    yhigh: Math.max(...values('YHIGH')),
    satavg: mean(values('SATAVG')),
  };
}

/**
 * Mean SSIM (all planes, ffmpeg's `ssim` filter) of a video rendition against its source brought
 * to the rendition's size by `reference` filters (a tone-map for HDR) and a bicubic scale.
 */
export function videoSsim(
  rendition: string,
  source: string,
  width: number,
  height: number,
  reference = '',
): Promise<number> {
  const ref = [reference, `scale=${width}:${height}:flags=bicubic`, 'format=yuv420p'].filter(Boolean).join(',');
  return ssimOf([
    ...['-i', rendition, '-i', source],
    ...['-lavfi', `[0:v]format=yuv420p[a];[1:v]${ref}[b];[a][b]ssim=shortest=1`],
  ]);
}

/** Mean SSIM of two pictures of the same size (any format sharp reads), compared as 8-bit RGB. */
export async function imageSsim(a: Buffer, b: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vibe-ssim-'));
  try {
    const files = [path.join(dir, 'a.png'), path.join(dir, 'b.png')];
    await Promise.all([a, b].map((x, i) => sharp(x).removeAlpha().png({ compressionLevel: 1 }).toFile(files[i]!)));
    // awaited here: the folder is removed in `finally`
    return await ssimOf([
      ...['-i', files[0]!, '-i', files[1]!],
      ...['-lavfi', '[0:v]format=yuv444p[a];[1:v]format=yuv444p[b];[a][b]ssim'],
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs ffmpeg with an `ssim` filter graph and reads the mean it prints at the end. */
async function ssimOf(args: string[]): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', ...args, '-f', 'null', '-']);
  const m = /SSIM .* All:([\d.]+)/.exec(stderr);
  if (!m) throw new Error(`ffmpeg printed no SSIM: ${stderr.slice(-300)}`);
  return Number(m[1]);
}

/** sRGB 8-bit to CIE L*a*b* (D65). */
export function labOf([r, g, b]: readonly number[]): [number, number, number] {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r!), lin(g!), lin(b!)];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** CIE76 ΔE*ab between two sRGB colours: about 2.3 is the smallest difference an eye notices. */
export function deltaE(a: readonly number[], b: readonly number[]): number {
  const [la, lb] = [labOf(a), labOf(b)];
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

/** Mean sRGB colour of a square of `side` px around each point of a picture, as sharp decodes it. */
export async function sampleColours(
  picture: Buffer,
  points: Array<[number, number]>,
  side = 16,
): Promise<Array<[number, number, number]>> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return points.map(([cx, cy]) => {
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = cy - side / 2; y < cy + side / 2; y++) {
      for (let x = cx - side / 2; x < cx + side / 2; x++) {
        const at = (y * info.width + x) * info.channels;
        for (let c = 0; c < 3; c++) sum[c]! += data[at + c]!;
        n++;
      }
    }
    return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
  });
}
