import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** Made once per machine and reused: they take a minute to make. Bump the version when they change. */
export const CAMERA_DIR = path.join(os.tmpdir(), 'vibe-bench-camera-v1');

export interface CameraFile {
  file: string;
  bytes: number;
  /** Display size, orientation applied. */
  width: number;
  height: number;
}

export const SENSOR = { width: 4032, height: 3024 };
/** Distinct scenes; each photo is one of them with its own EXIF (so its own bytes and URLs). */
const SCENES = 6;
const TARGETS = [3.5e6, 4.5e6, 5.5e6, 6.5e6];

/** A smooth random field: a few random pixels stretched over the frame (cubic), one channel per byte. */
async function field(cells: number, { width, height } = SENSOR): Promise<Buffer> {
  const w = Math.max(2, Math.round(cells * (width / height)));
  return sharp(randomBytes(w * cells * 3), { raw: { width: w, height: cells, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * A 12 MP camera-like scene: structure at several scales (large soft shapes, mid-size texture) and
 * sensor grain, so a JPEG of it weighs what a phone's does and a downscale keeps some detail.
 */
export async function scene(): Promise<Buffer> {
  const [large, mid, small] = await Promise.all([field(4), field(24), field(160)]);
  const grain = randomBytes(large.length);
  const px = Buffer.alloc(large.length);
  for (let i = 0; i < px.length; i++) {
    const v = large[i]! * 0.55 + mid[i]! * 0.25 + small[i]! * 0.2 + ((grain[i]! % 25) - 12);
    px[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return px;
}

/** Apple-like EXIF: make, model, a date, GPS somewhere in a city, and the sensor's orientation. */
function exif(i: number) {
  const lat = 37.7 + (i % 10) * 0.01;
  const lon = 122.4 + (i % 7) * 0.01;
  const dms = (v: number) =>
    `${Math.floor(v)}/1 ${Math.floor((v % 1) * 60)}/1 ${Math.round((((v % 1) * 60) % 1) * 6000)}/100`;
  return {
    IFD0: {
      Make: 'Apple',
      Model: 'iPhone 15 Pro',
      DateTime: `2026:06:${String(1 + (i % 28)).padStart(2, '0')} 12:00:00`,
    },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: dms(lat), GPSLongitudeRef: 'W', GPSLongitude: dms(lon) },
  };
}

const encode = (px: Buffer, quality: number, i: number, orientation: number) =>
  sharp(px, { raw: { ...SENSOR, channels: 3 } })
    .withExif(exif(i))
    .withMetadata({ orientation })
    .jpeg({ quality, chromaSubsampling: '4:2:0' })
    .toBuffer();

/**
 * `count` 12 MP camera JPEGs of 3–7 MB with GPS and make/model, every third stored landscape with
 * EXIF orientation 6 (a portrait, as phones write them). Kept in CAMERA_DIR between runs.
 */
export async function cameraPhotos(count: number, log: (m: string) => void): Promise<CameraFile[]> {
  await mkdir(CAMERA_DIR, { recursive: true });
  const out: CameraFile[] = [];
  const scenes = new Map<number, { px: Buffer; quality: number }>();
  for (let i = 0; i < count; i++) {
    const orientation = i % 3 === 0 ? 6 : 1;
    const file = path.join(CAMERA_DIR, `camera-${String(i + 1).padStart(3, '0')}.jpg`);
    const display = orientation === 6 ? { width: SENSOR.height, height: SENSOR.width } : SENSOR;
    if (!existsSync(file)) {
      const s = i % SCENES;
      if (!scenes.has(s)) {
        log(`camera photos: scene ${s + 1} of ${Math.min(SCENES, count)}`);
        const px = await scene();
        // the JPEG quality that lands this scene near its target size
        const target = TARGETS[s % TARGETS.length]!;
        let [low, high, quality] = [50, 98, 90];
        for (let step = 0; step < 6; step++) {
          const size = (await encode(px, quality, i, 1)).length;
          if (Math.abs(size - target) < target * 0.08) break;
          if (size < target) low = quality;
          else high = quality;
          quality = Math.round((low + high) / 2);
        }
        scenes.set(s, { px, quality });
      }
      const { px, quality } = scenes.get(s)!;
      await writeFile(`${file}.part`, await encode(px, quality, i, orientation));
      await rename(`${file}.part`, file);
    }
    out.push({ file, bytes: (await stat(file)).size, ...display });
  }
  return out;
}

/**
 * A phone-like 1080p MP4: H.264 at ~12 Mbps with grain (what a camera writes), AAC sound, location
 * and make/model tags, and the moov box at the end (no faststart), 6 s. Needs ffmpeg.
 */
export async function phoneVideo(): Promise<CameraFile> {
  await mkdir(CAMERA_DIR, { recursive: true });
  const file = path.join(CAMERA_DIR, 'phone-1080p-moov-last.mp4');
  if (!existsSync(file)) {
    const r = spawnSync(
      'ffmpeg',
      [
        ...['-y', '-loglevel', 'error'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30:duration=6'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
        ...['-vf', 'noise=alls=18:allf=t', '-pix_fmt', 'yuv420p'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '12M', '-maxrate', '12M', '-bufsize', '24M'],
        ...['-c:a', 'aac', '-b:a', '128k'],
        ...['-metadata', 'location=+37.7749-122.4194/', '-metadata', 'make=Apple', '-metadata', 'model=iPhone 15 Pro'],
        `${file}.part.mp4`,
      ],
      { encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`ffmpeg could not make the phone video: ${r.stderr || r.error?.message}`);
    await rename(`${file}.part.mp4`, file);
  }
  return { file, bytes: (await stat(file)).size, width: 1920, height: 1080 };
}
