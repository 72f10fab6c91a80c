import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What the crafted media of the tests and the bench (media-bombs.ts, hostile-media-files.ts) are
 * made and looked at with: ffmpeg, a temp folder, a per-machine cache, ffprobe of a buffer.
 */

export const ffmpeg = (...args: string[]) =>
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** Runs `work` in a fresh temp folder, removed afterwards. */
export function inTemp<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vibe-made-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Made once per machine (8K frames take seconds to encode), kept in the temp folder by recipe. */
export function cached(recipe: string, make: () => Buffer): Buffer {
  const dir = path.join(os.tmpdir(), 'vibe-made-files');
  const file = path.join(dir, `${createHash('sha256').update(recipe).digest('hex').slice(0, 16)}.bin`);
  if (existsSync(file)) return readFileSync(file);
  const made = make();
  mkdirSync(dir, { recursive: true });
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, made);
  renameSync(part, file);
  return made;
}

export interface Probed {
  streams: Array<Record<string, unknown> & { codec_type: string; codec_name?: string; codec_tag_string?: string }>;
  format: { tags?: Record<string, string> };
  chapters?: unknown[];
}

/** What ffprobe says of a file held in memory: its streams, and its format and chapters when asked (`-show_format`, `-show_chapters`). */
export const ffprobe = (file: Buffer, ...show: string[]): Probed =>
  inTemp((dir) => {
    const target = path.join(dir, 'f.mp4');
    writeFileSync(target, file);
    return JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', ...show, target]).toString(),
    ) as Probed;
  });
