import { stat } from 'node:fs/promises';
import path from 'node:path';
import { transcodeBudgetMs, type VideoHeader } from '../../domain/media-budget.js';
import { playbackBitrate, playbackShortEdge, type PlaybackBitrate } from '../../domain/playback-bitrate.js';
import { PLAYBACK_MAX_FPS, playbackFilters, VIDEO_SHORT_EDGE, type VideoFacts } from '../../domain/renditions.js';
import { BT709_TAGS } from '../../domain/video-colour.js';
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
    bit_rate?: string;
    color_transfer?: string;
    color_primaries?: string;
    color_space?: string;
    color_range?: string;
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
  const audioKbps = kbps(audio?.bit_rate);
  // a stream that does not state its bitrate (WebM, some MKV): the file's, less the sound's
  const fileKbps = kbps(json.format?.bit_rate);
  const videoKbps = kbps(video.bit_rate) ?? (fileKbps === null ? null : Math.max(1, fileKbps - (audioKbps ?? 0)));
  const rotation = (((video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 360) + 360) % 360;
  return {
    codec: video.codec_name,
    pixelFormat: video.pix_fmt ?? null,
    width: video.width,
    height: video.height,
    rotation,
    frameRate: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    audioCodec: audio?.codec_name ?? null,
    colour: {
      transfer: tag(video.color_transfer),
      primaries: tag(video.color_primaries),
      matrix: tag(video.color_space),
      range: tag(video.color_range),
    },
    videoKbps,
    audioKbps,
    duration: Number(json.format?.duration) || 0,
    frameCount: Number(video.nb_frames) || null,
    videoStreams: videos.length,
  };
}

/** A colour tag, or null for ffprobe's "unknown"/"unspecified" and a missing one. */
const tag = (t: string | undefined): string | null => (t && t !== 'unknown' && t !== 'unspecified' ? t : null);

/** bits/s as ffprobe writes them, in kbit/s; null when unknown. */
function kbps(text: string | undefined): number | null {
  const bps = Number(text);
  return Number.isFinite(bps) && bps > 0 ? bps / 1000 : null;
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
 * name written in. The video aims at CRF 23 within the size policy's ceiling (playback-bitrate.ts)
 * and is tagged BT.709 (video-colour.ts).
 */
const encodeArgs = (rate: PlaybackBitrate) => [
  ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-threads', '1', '-a53cc', '0'],
  ...['-maxrate', `${rate.videoKbps}k`, '-bufsize', `${rate.bufferKbit}k`],
  ...BT709_TAGS,
  ...['-bsf:v', 'filter_units=remove_types=6'],
  ...['-c:a', 'aac', '-b:a', `${rate.audioKbps}k`, '-ac', '2'],
  ...['-map_metadata', '-1', '-map_chapters', '-1', '-write_tmcd', '0'],
  ...['-movflags', '+faststart', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
  ...['-f', 'mp4'],
];

/**
 * A second encode is made when the first came out larger than the original (a short clip's
 * first keyframe, the file's own overhead): its ceiling cut in proportion, with this margin.
 */
const OVERSIZE_MARGIN = 0.9;

/**
 * The playback file: H.264/AAC, the short edge ≤ 720 px, upright (ffmpeg turns the pixels while
 * decoding), BT.709 SDR 8-bit (HDR tone-mapped), re-encoded from decoded frames, within the size
 * policy: the ladder's bitrate at most, the original's when lower, and not larger than the
 * original (one more encode at a lower ceiling when the first was; a file that is still larger
 * is kept: the original is private and never served). Answers the file and its display size.
 */
export async function makePlayback(
  tools: FfmpegPaths,
  input: string,
  facts: VideoFacts & VideoHeader,
  workDir: string,
  signal?: AbortSignal,
): Promise<MadeFile> {
  const output = path.join(workDir, 'playback.mp4');
  const rate = playbackBitrate({
    shortEdge: playbackShortEdge(facts, VIDEO_SHORT_EDGE),
    frameRate: Math.min(facts.frameRate ?? 30, PLAYBACK_MAX_FPS),
    duration: facts.duration,
    sourceVideoKbps: facts.videoKbps,
    sourceAudioKbps: facts.audioKbps,
  });
  await encodePlayback(tools, input, facts, rate, output, signal);
  const originalBytes = (await stat(input)).size;
  const madeBytes = (await stat(output)).size;
  if (madeBytes > originalBytes) {
    const cut = (originalBytes / madeBytes) * OVERSIZE_MARGIN;
    const lower = { ...rate, videoKbps: Math.max(1, Math.round(rate.videoKbps * cut)) };
    await encodePlayback(
      tools,
      input,
      facts,
      { ...lower, bufferKbit: Math.round(rate.bufferKbit * cut) },
      output,
      signal,
    );
  }
  const made = await probeVideo(tools, output);
  return { path: output, mimeType: 'video/mp4', ext: 'mp4', width: made.width, height: made.height };
}

async function encodePlayback(
  tools: FfmpegPaths,
  input: string,
  facts: VideoFacts & VideoHeader,
  rate: PlaybackBitrate,
  output: string,
  signal?: AbortSignal,
): Promise<void> {
  const decode = ['-threads', '1', '-i', input];
  try {
    await runTool(
      tools.ffmpeg,
      [
        ...['-v', 'error', '-nostdin', '-y'],
        ...decode,
        ...['-vf', playbackFilters(facts), '-filter_threads', '1'],
        ...encodeArgs(rate),
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
