import { DomainError } from '../../../platform/domain-error.js';

/**
 * What a file may cost to decode, judged from its header before any frame is decoded (issue 26
 * item 3). Sized so that anything a phone makes passes — 60 s of 4K30 is 15 gigapixels decoded,
 * 3 s of 8K30 3, a 30 s 1080p240 slow-motion clip 15 — and so that a small file claiming hours
 * or thousands of 8K frames (a sample table that repeats one 13-byte skip frame) is refused at
 * upload, before it costs a CPU-minute. The values come from settings (env.ts `mediaLimits`).
 */
export interface MediaLimits {
  /** longest side of a video, px */
  videoMaxSide: number;
  videoMaxFps: number;
  videoMaxSeconds: number;
  /** frames × width × height, in megapixels */
  videoMaxDecodeMegapixels: number;
  /** one still image or one animation frame, megapixels */
  imageMaxMegapixels: number;
  /** an interlaced (Adam7) PNG is decoded whole at full size: no shrink-on-load */
  interlacedMaxMegapixels: number;
  animationMaxFrames: number;
  /** every frame of an animation together, megapixels */
  animationMaxMegapixels: number;
}

/** What ffprobe tells of a video, enough to judge it. */
export interface VideoHeader {
  width: number;
  height: number;
  /** frames per second (the average); null when the file does not say */
  frameRate: number | null;
  /** seconds */
  duration: number;
  /** frames the container lists (nb_frames); null when it does not say */
  frameCount: number | null;
  /** video streams, cover pictures not counted */
  videoStreams: number;
}

const MP = 1_000_000;

/** Frames the decoder will produce: the larger of what the container lists and duration × rate. */
export function framesOf(v: VideoHeader): number {
  return Math.max(v.frameCount ?? 0, Math.ceil(v.duration * (v.frameRate ?? 0)));
}

/** Why the video is refused (a message for the uploader), or null when it is within budget. */
export function videoOverBudget(v: VideoHeader, limits: MediaLimits): string | null {
  if (v.videoStreams > 1) return 'Videos may have only one video track';
  if (Math.max(v.width, v.height) > limits.videoMaxSide)
    return `Videos may be at most ${limits.videoMaxSide} pixels on a side (this one is ${v.width}×${v.height})`;
  // a phone's "240 fps" averages a hair above it: 1% spare
  if ((v.frameRate ?? 0) > limits.videoMaxFps * 1.01)
    return `Videos may have at most ${limits.videoMaxFps} frames per second (this one has ${Math.round(v.frameRate!)})`;
  if (v.duration > limits.videoMaxSeconds)
    return `Videos may be at most ${formatSeconds(limits.videoMaxSeconds)} long (this one is ${formatSeconds(v.duration)})`;
  const frames = framesOf(v);
  if (frames === 0) return 'The length of this video could not be read';
  if ((frames * v.width * v.height) / MP > limits.videoMaxDecodeMegapixels)
    return `This video has more frames than we can convert (${frames} frames of ${v.width}×${v.height}); shorter or smaller videos are welcome`;
  return null;
}

/** Throws 422 with the reason when the video is over budget. */
export function assertVideoWithinBudget(v: VideoHeader, limits: MediaLimits): void {
  const reason = videoOverBudget(v, limits);
  if (reason) throw new DomainError('unprocessable', reason);
}

function formatSeconds(s: number): string {
  if (s < 120) return `${Math.round(s)} seconds`;
  if (s < 7200) return `${Math.round(s / 60)} minutes`;
  return `${Math.round(s / 3600)} hours`;
}

/**
 * How long and how much CPU a transcode of this video may take: a floor for start-up and a
 * loaded machine, then time in proportion to the pixels decoded (a single thread decodes and
 * scales ≈ 25 megapixels a second on a slow core). A 20 s 1080p30 clip gets ≈ 110 s, not 10 minutes.
 */
export function transcodeBudgetMs(v: VideoHeader): number {
  const decoded = framesOf(v) * v.width * v.height;
  return 60_000 + Math.ceil((decoded / (25 * MP)) * 1000);
}
