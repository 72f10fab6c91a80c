import path from 'node:path';
import { transcodeBudgetMs, type VideoHeader } from '../../domain/media-budget.js';
import { playbackFilters, type VideoFacts } from '../../domain/renditions.js';
import { type MadeFile, UnrenderableMediaError } from '../rendition-maker.js';
import { runTool, ToolFailedError } from './run-tool.js';

export interface FfmpegPaths {
  ffmpeg: string;
  ffprobe: string;
  /** address space each run may map (MEDIA_TOOL_MEMORY_MB) */
  memoryMb?: number;
  /** where runs note their pids for the start-up reaper */
  pidDir?: string;
}

/** A header read (and a poster frame of the ≤ 720p playback file): seconds, whatever the input claims. */
const PROBE_TIMEOUT_MS = 15_000;
const PROBE_CPU_SECONDS = 10;

const limitsOf = (tools: FfmpegPaths, timeoutMs: number, cpuSeconds: number) => ({
  timeoutMs,
  cpuSeconds,
  memoryMb: tools.memoryMb,
  pidDir: tools.pidDir,
});

interface ProbeJson {
  streams?: Array<{
    codec_type?: string;
    codec_name?: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    nb_frames?: string;
    disposition?: { attached_pic?: number };
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format?: { bit_rate?: string; duration?: string };
}

/** The first video stream's facts, the file's duration and what the budget judges, or why there are none. */
export async function probeVideo(tools: FfmpegPaths, file: string): Promise<VideoFacts & VideoHeader> {
  let json: ProbeJson;
  try {
    const out = await runTool(
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', file],
      limitsOf(tools, PROBE_TIMEOUT_MS, PROBE_CPU_SECONDS),
    );
    json = JSON.parse(out.toString('utf8')) as ProbeJson;
  } catch (err) {
    if (err instanceof ToolFailedError) throw new UnrenderableMediaError(`The video could not be read: ${err.message}`);
    throw err;
  }
  // a cover picture is a "video" stream of one frame: not a second video
  const videos = json.streams?.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic) ?? [];
  const video = videos[0];
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
    frameCount: Number(video.nb_frames) || null,
    videoStreams: videos.length,
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
  facts: VideoFacts & VideoHeader,
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
      // time and CPU in proportion to the pixels it decodes: a 20 s 1080p clip gets about 2 minutes
      { ...limitsOf(tools, transcodeBudgetMs(facts), transcodeBudgetMs(facts) / 1000), signal },
    );
  } catch (err) {
    // out of time or CPU (SIGXCPU/SIGKILL) is the input's fault as much as an error exit: never retried
    if (
      err instanceof ToolFailedError &&
      (err.exitCode !== null || err.stopped === 'timeout' || err.stopped === 'cpu-limit')
    )
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
      { ...limitsOf(tools, PROBE_TIMEOUT_MS, PROBE_CPU_SECONDS), signal },
    );
  const frame = await grab(Math.min(1, duration / 4));
  // a seek past the last decodable frame writes nothing: take the first frame instead
  return frame.length ? frame : grab(0);
}
