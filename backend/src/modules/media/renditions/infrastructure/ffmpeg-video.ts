import path from 'node:path';
import { playbackFilters, type VideoFacts } from '../../domain/renditions.js';
import { type MadeFile, UnrenderableMediaError } from '../rendition-maker.js';
import { runTool, ToolFailedError } from './run-tool.js';

export interface FfmpegPaths {
  ffmpeg: string;
  ffprobe: string;
}

/** A phone video is at most 20 MB; a single-threaded transcode of one takes well under this. */
const TRANSCODE_TIMEOUT_MS = 10 * 60_000;
const PROBE_TIMEOUT_MS = 30_000;

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { bit_rate?: string; duration?: string };
}

/** The first video stream's facts and the file's duration, or why there are none. */
export async function probeVideo(tools: FfmpegPaths, file: string): Promise<VideoFacts & { duration: number }> {
  let json: ProbeJson;
  try {
    const out = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
      { timeoutMs: PROBE_TIMEOUT_MS },
    );
    json = JSON.parse(out.toString('utf8')) as ProbeJson;
  } catch (err) {
    if (err instanceof ToolFailedError) throw new UnrenderableMediaError(`The video could not be read: ${err.message}`);
    throw err;
  }
  const video = json.streams?.find((s) => s.codec_type === 'video');
  const audio = json.streams?.find((s) => s.codec_type === 'audio');
  if (!video?.codec_name || !video.width || !video.height)
    throw new UnrenderableMediaError('The file has no video stream');
  const rotation = (((video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 360) + 360) % 360;
  return {
    codec: video.codec_name,
    pixelFormat: video.pix_fmt ?? null,
    width: video.width,
    height: video.height,
    rotation,
    frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    audioCodec: audio?.codec_name ?? null,
    duration: Number(json.format?.duration) || 0,
  };
}

/** "30000/1001" as a number; null for "0/0" and anything unreadable. */
function rate(text: string | undefined): number | null {
  const [n, d] = (text ?? '').split('/').map(Number);
  const r = d === undefined ? n! : n! / d;
  return Number.isFinite(r) && r > 0 ? r : null;
}

/**
 * The playback encode: one video and (when there is one) one sound stream, decoded and encoded
 * again (never copied) single-threaded. No subtitle, data or attachment streams, no global or
 * stream metadata, no chapters, no timecode track; every SEI unit of the output dropped (x264's
 * own and closed captions that decoded frames would carry over), the moov box first, no tool's
 * name written in.
 */
const ENCODE = [
  ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-threads', '1', '-a53cc', '0'],
  ...['-bsf:v', 'filter_units=remove_types=6'],
  ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
  ...['-map_metadata', '-1', '-map_chapters', '-1', '-write_tmcd', '0'],
  ...['-movflags', '+faststart', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
  ...['-f', 'mp4'],
];

/**
 * The playback file: H.264/AAC, the short edge ≤ 720 px, upright (ffmpeg turns the pixels while
 * decoding), re-encoded from decoded frames. Answers the file and its display size.
 */
export async function makePlayback(
  tools: FfmpegPaths,
  input: string,
  facts: VideoFacts,
  workDir: string,
  signal?: AbortSignal,
): Promise<MadeFile> {
  const output = path.join(workDir, 'playback.mp4');
  const decode = ['-threads', '1', '-i', input];
  try {
    await runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-nostdin',
        '-y',
        ...decode,
        '-vf',
        playbackFilters(facts),
        '-filter_threads',
        '1',
        ...ENCODE,
        output,
      ],
      { timeoutMs: TRANSCODE_TIMEOUT_MS, signal },
    );
  } catch (err) {
    if (err instanceof ToolFailedError && err.exitCode !== null)
      throw new UnrenderableMediaError(`The video could not be converted: ${err.message}`);
    throw err;
  }
  const made = await probeVideo(tools, output);
  return { path: output, mimeType: 'video/mp4', ext: 'mp4', width: made.width, height: made.height };
}

/** One upright frame as PNG, a quarter into the video (at most 1 s in), for the poster. */
export async function grabFrame(
  tools: FfmpegPaths,
  video: string,
  duration: number,
  signal?: AbortSignal,
): Promise<Buffer> {
  const grab = (at: number) =>
    runTool(
      tools.ffmpeg,
      [
        '-v',
        'error',
        '-nostdin',
        '-ss',
        at.toFixed(3),
        '-i',
        video,
        '-frames:v',
        '1',
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        '-',
      ],
      { timeoutMs: PROBE_TIMEOUT_MS, signal },
    );
  const frame = await grab(Math.min(1, duration / 4));
  // a seek past the last decodable frame writes nothing: take the first frame instead
  return frame.length ? frame : grab(0);
}
