#!/usr/bin/env node
// After `tsc`: the database's SQL files (src/**/*.sql: functions and triggers, see
// src/platform/database/sql-files.ts) go beside the compiled modules that read them, so
// dist/ (and the Docker image, which copies dist/) carries them. `node scripts/copy-sql.mjs [outDir]`
// (default dist).
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';

const backendDir = path.resolve(import.meta.dirname, '..');
const src = path.join(backendDir, 'src');
const out = path.resolve(backendDir, process.argv[2] ?? 'dist');
let copied = 0;
for (const rel of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
  if (!rel.endsWith('.sql')) continue;
  cpSync(path.join(src, rel), path.join(out, rel));
  copied++;
}
if (!copied) throw new Error(`no .sql files under ${src}`);
console.log(`copy-sql: ${copied} files to ${path.relative(backendDir, out) || '.'}`);
