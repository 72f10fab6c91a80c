// Seed data for the admin end-to-end run: a few hundred images (and some videos, duplicates, a
// non-media file and a broken one) written straight into the embedded mode's local bucket
// directory, as if an operator had copied a library into it before running Import Media.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const sharp = require('sharp');

const THEMES = [
  ['#ff7e5f', '#feb47b', 'sunset'],
  ['#2193b0', '#6dd5ed', 'ocean'],
  ['#8e2de2', '#4a00e0', 'neon'],
  ['#11998e', '#38ef7d', 'forest'],
  ['#fc466b', '#3f5efb', 'disco'],
  ['#f7971e', '#ffd200', 'citrus'],
  ['#434343', '#000000', 'night'],
  ['#e96443', '#904e95', 'dusk'],
];

export async function makeImage(file, i, { width = 480, height = 360, format = 'jpeg' } = {}) {
  const [a, b, label] = THEMES[i % THEMES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${(width * ((i * 37) % 100)) / 100}" cy="${height * 0.35}" r="${height * (0.12 + (i % 5) * 0.03)}" fill="rgba(255,255,255,0.3)"/>
  <text x="50%" y="62%" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 8)}" font-weight="bold" fill="white" text-anchor="middle">${label} ${i + 1}</text>
</svg>`;
  const img = sharp(Buffer.from(svg));
  await (format === 'png' ? img.png() : img.jpeg({ quality: 80 })).toFile(file);
  return file;
}

export function makeVideo(file, seconds = 2) {
  const r = spawnSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=480x360:rate=15`,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    file,
  ]);
  return r.status === 0 && existsSync(file);
}

/**
 * Writes the bucket: `count` images over a few folders, 3 videos (when ffmpeg exists), copies
 * that the duplicate scan must group (same content under another name, a "(1)" copy), a text
 * file the import skips and a ".jpg" that is not an image (an import error). Modified times
 * spread over the last 60 days so "newest of each group" is well defined.
 */
export async function seedBucket(mediaDir, count) {
  const now = Date.now();
  const day = 86_400_000;
  const keys = [];
  const put = (key, mtimeDaysAgo) => {
    const t = new Date(now - mtimeDaysAgo * day);
    utimesSync(path.join(mediaDir, ...key.split('/')), t, t);
    keys.push(key);
  };
  for (const dir of ['library', 'library/2026', 'campaigns', 'archive'])
    mkdirSync(path.join(mediaDir, dir), { recursive: true });
  for (let i = 0; i < count; i++) {
    const [, , theme] = THEMES[i % THEMES.length];
    const folder = i % 3 === 0 ? 'library/2026' : i % 5 === 0 ? 'campaigns' : 'library';
    const png = i % 17 === 0;
    const key = `${folder}/${theme}-${String(i + 1).padStart(3, '0')}.${png ? 'png' : 'jpg'}`;
    await makeImage(path.join(mediaDir, ...key.split('/')), i, { format: png ? 'png' : 'jpeg' });
    put(key, 2 + (i % 58));
  }
  // duplicates: the same bytes again (older and newer), and a "(1)" copy of another
  for (let i = 0; i < 6; i++) {
    const original = keys[i * 7];
    const ext = path.extname(original);
    const copy = `archive/${path.basename(original, ext)} (1)${ext}`;
    copyFileSync(path.join(mediaDir, ...original.split('/')), path.join(mediaDir, ...copy.split('/')));
    put(copy, i % 2 ? 1 : 70);
  }
  let videos = 0;
  for (let i = 0; i < 3; i++) {
    const key = `campaigns/clip-${i + 1}.mp4`;
    if (makeVideo(path.join(mediaDir, ...key.split('/')), 2 + i)) {
      put(key, 3 + i);
      videos++;
    }
  }
  writeFileSync(path.join(mediaDir, 'archive', 'README.txt'), 'Photos from the 2026 library.\n');
  put('archive/README.txt', 80);
  writeFileSync(path.join(mediaDir, 'archive', 'corrupt.jpg'), 'this is not a JPEG');
  put('archive/corrupt.jpg', 40);
  return { keys, images: count + 6, videos };
}
