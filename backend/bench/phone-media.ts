import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Files as today's phones make them (issue 31), generated with ffmpeg and sharp: HDR HEVC
 * (HLG/PQ, BT.2020, 10-bit), H.264, VP9 and AV1 in MP4, Display P3 photos, a PNG screenshot.
 * The tests make small ones at test time; the media-quality bench makes phone-sized ones once
 * per machine. Every picture has real structure (ffmpeg's testsrc2 pattern, moving, with grain)
 * so sizes and SSIM behave as on camera footage rather than on flat colour.
 */

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** Writes `file` through `make(part)` unless it is there already (made once, reused). */
function cached(file: string, make: (part: string) => void): string {
  if (existsSync(file)) return file;
  mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.${process.pid}.part${path.extname(file)}`;
  make(part);
  renameSync(part, file);
  return file;
}

export interface ClipSpec {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  /** grain strength (ffmpeg's noise filter), as a camera sensor adds; 0 for none */
  grain?: number;
  /** with an AAC sound track */
  audio?: boolean;
}

const source = ({ width, height, seconds, fps = 30, grain = 0 }: ClipSpec) => ({
  input: ['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`],
  grain: grain ? [`noise=alls=${grain}:allf=t`] : [],
});
const sound = (s: ClipSpec) =>
  s.audio
    ? {
        input: ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${s.seconds}`],
        codec: ['-c:a', 'aac', '-b:a', '128k'],
      }
    : { input: [], codec: [] };

export type HdrTransfer = 'arib-std-b67' | 'smpte2084';

/**
 * An iPhone-style HDR clip: HEVC Main 10, BT.2020, HLG (or PQ), tagged in the bitstream and the
 * MP4 (hvc1). The SDR test pattern is placed into HDR the way a grading tool would: its white at
 * HDR reference white (203 cd/m², ITU-R BT.2408), so a good tone-map gives back about the SDR picture.
 */
export function hdrHevcMp4(file: string, s: ClipSpec & { transfer?: HdrTransfer; crf?: number }): string {
  const transfer = s.transfer ?? 'arib-std-b67';
  const src = source(s);
  const a = sound(s);
  return cached(file, (part) =>
    ffmpeg(
      ...src.input,
      ...a.input,
      '-vf',
      [
        ...src.grain,
        `zscale=tin=bt709:pin=bt709:min=bt709:t=${transfer}:p=bt2020:m=bt2020nc:npl=203`,
        'format=yuv420p10le',
      ].join(','),
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1'],
      '-x265-params',
      `log-level=error:crf=${s.crf ?? 20}:colorprim=bt2020:transfer=${transfer}:colormatrix=bt2020nc`,
      ...['-color_primaries', 'bt2020', '-color_trc', transfer, '-colorspace', 'bt2020nc'],
      ...a.codec,
      part,
    ),
  );
}

/** A phone-like H.264 MP4 at a given bitrate (kbit/s), BT.709 tagged as phones do. */
export function h264Mp4(file: string, s: ClipSpec & { kbps: number }): string {
  const src = source(s);
  const a = sound(s);
  return cached(file, (part) =>
    ffmpeg(
      ...src.input,
      ...a.input,
      '-vf',
      [...src.grain, 'format=yuv420p'].join(','),
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${s.kbps}k`, '-maxrate', `${s.kbps}k`],
      ...['-bufsize', `${s.kbps * 2}k`],
      ...['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709'],
      ...a.codec,
      part,
    ),
  );
}

/** VP9 (as Android and screen recorders write it) or AV1 (newer Android phones), in MP4, at a bitrate. */
export function vp9OrAv1Mp4(file: string, s: ClipSpec & { codec: 'vp9' | 'av1'; kbps: number }): string {
  const src = source(s);
  const a = sound(s);
  const codec =
    s.codec === 'vp9'
      ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1']
      : ['-c:v', 'libsvtav1', '-preset', '12', '-svtav1-params', 'verbosity=0'];
  return cached(file, (part) =>
    ffmpeg(
      ...src.input,
      ...a.input,
      '-vf',
      [...src.grain, 'format=yuv420p'].join(','),
      ...codec,
      ...['-b:v', `${s.kbps}k`],
      ...a.codec,
      part,
    ),
  );
}

/** Colour patches of a test chart: in sRGB's gamut, so an sRGB rendition can keep them exactly. */
export const CHART: ReadonlyArray<readonly [number, number, number]> = [
  [220, 40, 40],
  [40, 180, 60],
  [40, 70, 210],
  [200, 120, 60],
  [30, 160, 200],
  [235, 215, 80],
  [150, 60, 160],
  [128, 128, 128],
];

/**
 * A photo of the chart's patches in a 4 × 2 grid with grain, stored as a Display P3 JPEG
 * (sharp converts the sRGB colours into P3 values and embeds Apple's profile): decoded through
 * its profile it shows CHART; read as sRGB, every patch is off.
 */
export async function p3ChartJpeg(width: number, height: number, quality = 92): Promise<Buffer> {
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const patch = CHART[Math.floor((x * 4) / width) + 4 * Math.floor((y * 2) / height)]!;
      const grain = ((x * 7919 + y * 104729) % 9) - 4; // a fixed, sensor-like texture
      for (let c = 0; c < 3; c++) px[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, patch[c]! + grain));
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .withIccProfile('p3')
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();
}

/** Centre of each chart patch in a picture of `width` × `height` (the 4 × 2 grid above). */
export const chartCentres = (width: number, height: number): Array<[number, number]> =>
  CHART.map((_, i) => [
    Math.round(((i % 4) + 0.5) * (width / 4)),
    Math.round((Math.floor(i / 4) + 0.5) * (height / 2)),
  ]);

/**
 * A phone screenshot (1170 × 2532, an iPhone's): flat bars, rows of text and a photo-like
 * gradient, as PNG — the kind of picture where a lossy rendition shows its artefacts on text.
 */
export async function screenshotPng(file: string): Promise<string> {
  if (existsSync(file)) return file;
  const rows = Array.from({ length: 18 }, (_, i) => {
    const y = 420 + i * 110;
    return `<rect x="40" y="${y}" width="1090" height="96" rx="20" fill="${i % 2 ? '#f2f2f7' : '#ffffff'}"/>
      <circle cx="110" cy="${y + 48}" r="34" fill="hsl(${i * 37},70%,55%)"/>
      <text x="170" y="${y + 42}" font-family="sans-serif" font-size="34" fill="#111">Message ${i + 1} — how's my vibe today?</text>
      <text x="170" y="${y + 80}" font-family="sans-serif" font-size="26" fill="#666">10:${String(10 + i).padStart(2, '0')} · seen by ${i * 3 + 2} people</text>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1170" height="2532">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff7e5f"/><stop offset="1" stop-color="#6a82fb"/></linearGradient></defs>
    <rect width="1170" height="2532" fill="#fafafa"/>
    <rect width="1170" height="380" fill="url(#g)"/>
    <text x="60" y="300" font-family="sans-serif" font-size="88" font-weight="bold" fill="#fff">Chats</text>
    ${rows}</svg>`;
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toFile(`${file}.part`);
  renameSync(`${file}.part`, file);
  return file;
}

export const bytesOf = (file: string): number => statSync(file).size;
