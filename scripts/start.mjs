#!/usr/bin/env node
// `npm start`: builds what is missing or stale (visitor app, admin portal, API), then runs the
// API on the embedded defaults (PGlite, local files, outbox mail) unless env says otherwise.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const newest = (dir) => {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

for (const [ws, marker] of [
  ['visitor-web', 'dist/index.html'],
  ['admin-web', 'dist/index.html'],
  ['backend', 'dist/main.js'],
]) {
  const out = path.join(root, ws, marker);
  const src = path.join(root, ws, ws === 'backend' ? 'src' : '.');
  if (existsSync(out) && statSync(out).mtimeMs >= newest(src)) continue;
  console.log(`Building ${ws}...`);
  const r = spawnSync('npm', ['run', 'build', '-w', ws], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const r = spawnSync('node', ['backend/dist/main.js'], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 0);
