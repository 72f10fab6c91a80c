// Sums the gzip size of the built JS against the 150 KB budget (run by npm test after the build, not by npm start).
import { readdirSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
const budget = 150 * 1024;
let total = 0;
for (const f of readdirSync(dir)
  .filter((f) => f.endsWith('.js'))
  .sort()) {
  const gz = gzipSync(readFileSync(join(dir, f))).length;
  total += gz;
  console.log(`  ${f.padEnd(40)} ${(gz / 1024).toFixed(1).padStart(7)} KB gz`);
}
console.log(`visitor JS total: ${(total / 1024).toFixed(1)} KB gzipped (budget ${budget / 1024} KB)`);
if (total > budget) {
  console.error('visitor JS is over budget');
  process.exit(1);
}
