import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** What is running: the package version and the commit it was built from. */
export interface BuildInfo {
  version: string;
  commit: string;
}

// dist/platform/build-info.js → dist/build-info.json (written by scripts/write-build-info.mjs after tsc)
const here = import.meta.dirname;

/** The backend package's folder: the nearest one up from here whose package.json is `backend`'s. */
function backendDir(): string | null {
  for (let dir = here; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === 'backend')
      return dir;
  }
  return null;
}

function read(): BuildInfo {
  const written = path.join(here, '..', 'build-info.json');
  if (existsSync(written)) {
    const info = JSON.parse(readFileSync(written, 'utf8')) as Partial<BuildInfo>;
    if (info.version && info.commit) return { version: info.version, commit: info.commit };
  }
  // a build without the file (tests, tsc alone): the checkout says which commit it is
  const dir = backendDir();
  if (!dir) return { version: 'unknown', commit: 'unknown' };
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const git = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: dir, encoding: 'utf8' });
  return { version, commit: git.status === 0 ? git.stdout.trim() : 'unknown' };
}

export const buildInfo: BuildInfo = read();
