import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { cached, ffmpeg, inTemp } from './made-files.js';

/**
 * Decompression bombs for the media budget (issue 26 item 3) and the hostile-media bench, made with ffmpeg and sharp at test
 * time, each well under 1 MB: small files that claim far more work than their size.
 */

/** Start offsets of the NAL units of an Annex B H.264 stream (at their 3-byte start codes). */
function nalStarts(b: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 < b.length; i++) {
    if (b[i] === 0 && b[i + 1] === 0 && b[i + 2] === 1) {
      out.push(i);
      i += 2;
    }
  }
  return out;
}

/**
 * An MP4 of one black keyframe followed by one P frame of nothing but skipped macroblocks, the
 * same ~13 bytes repeated `frames - 1` times: its sample table lists every frame, and a decoder
 * must produce every one of them at full size.
 */
export function repeatedSkipFrameMp4(o: {
  width: number;
  height: number;
  fps: number;
  frames: number;
  pixFmt?: string;
}): Buffer {
  const pixFmt = o.pixFmt ?? 'yuv420p';
  return cached(`skip-frames:${o.width}x${o.height}@${o.fps}:${o.frames}:${pixFmt}`, () =>
    inTemp((dir) => {
      const two = path.join(dir, 'two.h264');
      ffmpeg(
        ...['-f', 'lavfi', '-i', `color=black:s=${o.width}x${o.height}:r=${o.fps}`, '-frames:v', '2'],
        ...['-pix_fmt', pixFmt, '-c:v', 'libx264', '-preset', 'ultrafast', '-bf', '0', '-g', '100000'],
        ...['-f', 'h264', two],
      );
      const stream = readFileSync(two);
      const last = nalStarts(stream).at(-1)!;
      const from = stream[last - 1] === 0 ? last - 1 : last;
      const skip = stream.subarray(from);
      const all = path.join(dir, 'all.h264');
      writeFileSync(all, Buffer.concat([stream.subarray(0, from), ...new Array<Buffer>(o.frames - 1).fill(skip)]));
      const out = path.join(dir, 'out.mp4');
      ffmpeg('-framerate', String(o.fps), '-i', all, '-c', 'copy', out);
      return readFileSync(out);
    }),
  );
}

/** The 390 KB bomb: 8K yuv444p, one skip frame repeated 20,000 times (at 240 fps: 83 s). */
export const skipFrame8kMp4 = () =>
  repeatedSkipFrameMp4({ width: 7680, height: 4320, fps: 240, frames: 20_000, pixFmt: 'yuv444p' });

/** "10 hours" of 720p at 1 fps: 36,000 frames. */
export const tenHourMp4 = () => repeatedSkipFrameMp4({ width: 1280, height: 720, fps: 1, frames: 36_000 });

/** A 1 s clip with two video tracks. */
export const twoVideoTracksMp4 = () =>
  cached('two-video-tracks', () =>
    inTemp((dir) => {
      const out = path.join(dir, 'out.mp4');
      ffmpeg(
        ...['-f', 'lavfi', '-i', 'testsrc=s=64x48:r=10:d=1', '-f', 'lavfi', '-i', 'testsrc=s=32x24:r=10:d=1'],
        ...['-map', '0', '-map', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out],
      );
      return readFileSync(out);
    }),
  );

/** An interlaced (Adam7) PNG of `megapixels`: one colour, so a few hundred KB. */
export const interlacedPng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#204060' } })
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();

/** An animated GIF of `frames` tiny frames: small on the wire, its cost in the frame count. */
export const manyFrameGif = (frames: number, side = 16) => {
  const px = Buffer.alloc(side * side * frames * 3);
  for (let f = 0; f < frames; f++) px.fill(f % 256, f * side * side * 3, (f * side * side + side) * 3);
  return sharp(px, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif({ delay: new Array<number>(frames).fill(40), loop: 0 })
    .toBuffer();
};
