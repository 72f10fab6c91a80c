#!/usr/bin/env node
// After `tsc`: dist/build-info.json names the package version and the commit the build came from,
// which health, metrics and the admin portal show. The image is built without .git, so the
// Dockerfile passes the commit in GIT_COMMIT (a build argument); a checkout asks git.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const backendDir = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(path.join(backendDir, 'package.json'), 'utf8'));
const fromGit = () => {
  const r = spawnSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: backendDir, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
};
const commit = (process.env.GIT_COMMIT || '').trim() || fromGit() || 'unknown';
writeFileSync(path.join(backendDir, 'dist', 'build-info.json'), `${JSON.stringify({ version, commit })}\n`);
console.log(`build-info: ${version} ${commit}`);
