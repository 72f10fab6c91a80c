// Makes the install icons in public/icons from the favicon's artwork (run by hand when it changes;
// the PNGs are committed). "any": the rounded tile as it is; "maskable": a full-bleed square whose
// flame sits inside the middle 60 %, the safe zone a launcher's mask never cuts.
import sharp from 'sharp';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff6a3d"/><stop offset="1" stop-color="#e0245e"/></linearGradient></defs>';
const flame =
  '<path d="M33 12c2 8-6 11-6 19a7 7 0 0 0 14 0c0-3-1-5-2-7 5 3 8 8 8 14a15 15 0 0 1-30 0c0-12 12-16 16-26z" fill="#fff"/>';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="16" fill="url(#g)"/>${flame}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(12.8 12.8) scale(0.6)">${flame}</g></svg>`;

for (const size of [192, 512]) {
  for (const [name, svg] of [
    ['icon', any],
    ['maskable', maskable],
  ]) {
    await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toFile(join(out, `${name}-${size}.png`));
  }
}
