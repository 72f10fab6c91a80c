import path from 'node:path';
import { type VideoFacts, VIDEO_SHORT_EDGE, playbackPlan } from '../../domain/renditions.js';
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
  const bitRate = Number(json.format?.bit_rate);
  return {
    codec: video.codec_name,
    pixelFormat: video.pix_fmt ?? null,
    width: video.width,
    height: video.height,
    rotation,
    bitRate: Number.isFinite(bitRate) && bitRate > 0 ? bitRate : null,
    audioCodec: audio?.codec_name ?? null,
    duration: Number(json.format?.duration) || 0,
  };
}

/** Every metadata block gone, the moov box first, no tool's name written in: shared by both paths. */
const CLEAN_OUTPUT = [
  ...['-map_metadata', '-1', '-map_chapters', '-1'],
  ...['-movflags', '+faststart', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'],
  ...['-f', 'mp4'],
];

/**
 * The playback file: the original's own streams remuxed (moov first, metadata gone, display
 * rotation kept) when every browser plays them well, else H.264/AAC with the short edge ≤ 720 px
 * (ffmpeg turns the pixels upright while transcoding). Answers the file and its display size.
 */
export async function makePlayback(
  tools: FfmpegPaths,
  input: string,
  facts: VideoFacts,
  workDir: string,
  signal?: AbortSignal,
): Promise<MadeFile & { transcoded: boolean }> {
  const output = path.join(workDir, 'playback.mp4');
  const plan = playbackPlan(facts);
  const streams = ['-map', '0:v:0', '-map', '0:a:0?'];
  const args = plan.transcode
    ? [
        ...streams,
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-threads', '1'],
        ...[
          '-vf',
          `scale=w='if(gte(iw,ih),-2,min(${VIDEO_SHORT_EDGE},iw))':h='if(gte(iw,ih),min(${VIDEO_SHORT_EDGE},ih),-2)'`,
        ],
        ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
      ]
    : [...streams, '-c', 'copy'];
  try {
    await runTool(tools.ffmpeg, ['-v', 'error', '-nostdin', '-y', '-i', input, ...args, ...CLEAN_OUTPUT, output], {
      timeoutMs: TRANSCODE_TIMEOUT_MS,
      signal,
    });
  } catch (err) {
    if (err instanceof ToolFailedError && err.exitCode !== null)
      throw new UnrenderableMediaError(`The video could not be converted: ${err.message}`);
    throw err;
  }
  const made = await probeVideo(tools, output);
  const turned = made.rotation === 90 || made.rotation === 270;
  return {
    path: output,
    mimeType: 'video/mp4',
    ext: 'mp4',
    width: turned ? made.height : made.width,
    height: turned ? made.width : made.height,
    transcoded: plan.transcode,
  };
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
