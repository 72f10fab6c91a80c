/**
 * How many bits the playback file may spend (issue 31 item 2): a ceiling by resolution (the
 * ladder) so a grainy phone clip does not come out at 8 Mbit/s, and never more than the original
 * spent when it is already below the ladder (a 1 s clip, an AV1 file, a quiet scene), so the
 * rendition is not larger than what was uploaded. The encoder aims at its quality (CRF) within
 * that ceiling: a simple scene uses far less.
 */

/** Video kbit/s ceilings by the playback file's short edge (30 fps; H.264 High). */
const LADDER: ReadonlyArray<{ shortEdge: number; kbps: number }> = [
  { shortEdge: 240, kbps: 500 },
  { shortEdge: 360, kbps: 1000 },
  { shortEdge: 480, kbps: 1500 },
  { shortEdge: 720, kbps: 2500 },
];
/** Above 30 fps half again as many bits: twice the frames, each a smaller change from the last. */
const HIGH_FPS_FACTOR = 1.5;
/** Below this the picture falls apart, whatever the original spent. */
const FLOOR_KBPS = 150;
/** AAC stereo: what the playback file spends on sound at most, and at least (below, AAC sounds broken). */
export const AUDIO_KBPS = 128;
const AUDIO_MIN_KBPS = 48;

/** The ladder's ceiling for a playback file of this size and frame rate. */
export function ladderKbps(shortEdge: number, frameRate: number | null): number {
  const step = LADDER.find((s) => shortEdge <= s.shortEdge) ?? LADDER[LADDER.length - 1]!;
  return Math.round(step.kbps * ((frameRate ?? 30) > 31 ? HIGH_FPS_FACTOR : 1));
}

export interface PlaybackBitrate {
  /** the video's ceiling (x264 -maxrate), kbit/s */
  videoKbps: number;
  /** the rate-control window (-bufsize), kbit */
  bufferKbit: number;
  audioKbps: number;
}

/**
 * The ceiling for this playback file: the ladder's, or the original video's own bitrate when
 * that is lower. The rate-control window is at most one second (at most the clip's length): a
 * longer window lets the first second, and so a 1 s clip, spend up to twice the ceiling.
 */
export function playbackBitrate(p: {
  /** the playback file's short edge (playbackShortEdge) */
  shortEdge: number;
  frameRate: number | null;
  duration: number;
  /** the original's video bitrate, kbit/s, when the file says */
  sourceVideoKbps: number | null;
  sourceAudioKbps: number | null;
}): PlaybackBitrate {
  const ladder = ladderKbps(p.shortEdge, p.frameRate);
  const videoKbps = Math.max(FLOOR_KBPS, Math.round(Math.min(ladder, p.sourceVideoKbps ?? ladder)));
  const window = Math.min(1, Math.max(0.25, p.duration || 1));
  const audioKbps = Math.max(AUDIO_MIN_KBPS, Math.min(AUDIO_KBPS, Math.round(p.sourceAudioKbps ?? AUDIO_KBPS)));
  return { videoKbps, bufferKbit: Math.round(videoKbps * window), audioKbps };
}

/** The playback file's short edge: at most `maxShort`, never enlarged, even (as the scale filter rounds it). */
export function playbackShortEdge(v: { width: number; height: number }, maxShort: number): number {
  return Math.max(2, Math.trunc(Math.min(maxShort, v.width, v.height) / 2) * 2);
}
