#!/usr/bin/env node
// `npm start`: builds what is missing or stale (visitor app, admin portal, API) for production,
// whatever NODE_ENV says, then runs the API on the embedded defaults (PGlite, local files, outbox
// mail) unless env says otherwise, in the foreground (signals passed on). Size budgets are checked by `npm test`, not here.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildWorkspace, root } from './build-apps.mjs';
import { runInForeground } from './run-in-foreground.mjs';

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
  const status = buildWorkspace(ws);
  if (status !== 0) process.exit(status);
}

// SIGTERM/SIGINT reach the server, and this process ends with its status: nothing is left running
runInForeground(path.join(root, 'backend', 'dist', 'main.js'), [], { cwd: root });
