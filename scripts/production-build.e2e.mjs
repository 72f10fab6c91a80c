#!/usr/bin/env node
// `npm start` must work with NODE_ENV=development in the shell (a common setting): the visitor
// app is still built for production. Builds it twice into temp folders with that setting, the
// way `npm start` builds (scripts/build-apps.mjs) and with a plain `npm run build -w visitor-web`,
// and checks each bundle is React's production build. Ends with "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWorkspace, root } from './build-apps.mjs';

/** Strings only React's development build carries. */
const DEV_ONLY = ['jsxDEV', 'react-stack-top-frame', 'Each child in a list should have a unique'];

let passed = 0;
let failed = 0;
const work = mkdtempSync(path.join(os.tmpdir(), 'vibe-prod-build-'));
const check = (name, outDir, status) => {
  try {
    if (status !== 0) throw new Error(`the build exited with ${status}`);
    const assets = path.join(outDir, 'assets');
    const js = readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(assets, f), 'utf8'))
      .join('\n');
    const found = DEV_ONLY.filter((s) => js.includes(s));
    if (found.length) throw new Error(`a development bundle (it contains ${found.join(', ')})`);
    passed++;
    console.log(`ok   ${name}`);
  } catch (err) {
    failed++;
    console.log(`FAIL ${name}: ${err.message}`);
  }
};

process.env.NODE_ENV = 'development';
try {
  const started = path.join(work, 'start');
  check(
    'npm start builds the production bundle with NODE_ENV=development',
    started,
    buildWorkspace('visitor-web', ['--outDir', started]),
  );
  const plain = path.join(work, 'plain');
  const r = spawnSync('npm', ['run', 'build', '-w', 'visitor-web', '--', '--outDir', plain], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  });
  check('npm run build -w visitor-web builds the production bundle with NODE_ENV=development', plain, r.status ?? 1);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
