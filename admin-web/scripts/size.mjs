// Prints what the admin portal costs to load: the JS of its first paint (entry + static imports,
// what the login page needs), the login page's own chunk, and the lazily loaded pages and chart.
// The initial size has a budget; it fails the build only under CI (or with --check), so a local
// `npm start` never refuses to start over a few kilobytes. Also fails if the chart library (MUI X)
// leaks into the login page's code.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const BUDGET_KB = 300;
const enforce = process.argv.includes('--check') || /^(1|true)$/i.test(process.env.CI ?? '');

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

/** The chunk of `key` and everything it imports statically (loaded together). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const files = (keys) => [...keys].map((k) => manifest[k].file);
const sum = (list) => list.reduce((n, f) => n + gz(f), 0);

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = closure(entry);
const initialFiles = files(initial);
const initialSize = sum(initialFiles);

const byName = (src) => Object.keys(manifest).find((k) => k.endsWith(src));
const extra = (src) => files([...closure(byName(src))].filter((k) => !initial.has(k)));
const login = extra('src/login/LoginPage.tsx');
const chart = extra('src/dashboard/DailyCharts.tsx');

console.log('admin portal JS (gzipped):');
for (const f of initialFiles) console.log(`  initial  ${f.padEnd(44)} ${kb(gz(f)).padStart(9)}`);
console.log(`  login page chunk(s)                          ${kb(sum(login)).padStart(9)}`);
console.log(`  dashboard chart (MUI X, lazy)                ${kb(sum(chart)).padStart(9)}`);
const lazyPages = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && !/LoginPage|DailyCharts/.test(k));
for (const k of lazyPages.sort()) {
  console.log(`  lazy     ${k.replace(/^src\//, '').padEnd(44)} ${kb(gz(manifest[k].file)).padStart(9)}`);
}
console.log(`admin initial JS: ${kb(initialSize)} gzipped (budget ${BUDGET_KB} KB${enforce ? '' : ', checked in CI'})`);

let bad = false;
// MUI X charts' own class names: none of them may be in what the login page loads
const leaked = [...initialFiles, ...login].filter((f) =>
  readFileSync(join(dist, f), 'utf8').includes('MuiChartsSurface'),
);
if (leaked.length) {
  console.error(`the chart library is in the login page's code: ${leaked.join(', ')}`);
  bad = true;
}
if (initialSize > BUDGET_KB * 1024) {
  console.error(`admin initial JS is over its ${BUDGET_KB} KB budget`);
  bad = bad || enforce;
}
if (bad) process.exit(1);
