#!/usr/bin/env node
// Writes nginx/security-headers.{http,https}.conf (and ad-preview-headers.*, the ad preview page's) from the API's own header list
// (backend/src/platform/http/security-headers.ts, built), so nginx and the API send the same
// headers. `--check` only compares and exits 1 when a file is stale. Needs `npm run build -w backend`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'backend/dist/platform/http/security-headers.js');
if (!existsSync(built)) {
  console.error('backend/dist is missing: run npm run build -w backend first');
  process.exit(1);
}
const { nginxSecurityHeaders, nginxAdPreviewHeaders } = await import(pathToFileURL(built).href);
const check = process.argv.includes('--check');
let stale = 0;
for (const [name, variant, https, headers] of [
  ['security-headers', 'http', false, nginxSecurityHeaders],
  ['security-headers', 'https', true, nginxSecurityHeaders],
  ['ad-preview-headers', 'http', false, nginxAdPreviewHeaders],
  ['ad-preview-headers', 'https', true, nginxAdPreviewHeaders],
]) {
  const file = path.join(root, 'nginx', `${name}.${variant}.conf`);
  const wanted = headers(https);
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (current === wanted) continue;
  if (check) {
    stale++;
    console.error(`${path.relative(root, file)} is stale: run node scripts/nginx-security-headers.mjs`);
  } else {
    writeFileSync(file, wanted);
    console.log(`wrote ${path.relative(root, file)}`);
  }
}
process.exit(stale ? 1 : 0);
