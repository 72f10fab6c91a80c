import { toBt709Filters, type VideoColour } from './video-colour.js';

/**
 * Renditions: what screens show instead of the original (issue 19). A photo gets a grid
 * thumbnail and a display preview in WebP; a video gets a poster frame in the same two sizes and
 * a playback file that starts playing before it is all downloaded. They are made by a background
 * job after the upload. Screens show renditions only, never the original (issue 26): until they
 * exist the item is not offered to others, and its uploader sees it as processing.
 */

/** Long edge of the grid thumbnail: a 142–305 CSS px card at DPR 2–3. */
export const THUMB_EDGE = 480;
/** Long edge of the display preview: the rating stage on a DPR 3 phone (≈ 1086 px) and a desktop. */
export const PREVIEW_EDGE = 1440;
/**
 * Long edge of the full-size picture the "open full size" overlay shows (photos only): a 1440p
 * desktop at DPR 1.8 or a phone zoomed in, for a few hundred KB instead of the camera's megabytes.
 */
export const FULL_EDGE = 2560;
/** Videos are never served taller (landscape) or wider (portrait) than this. */
export const VIDEO_SHORT_EDGE = 720;

export type RenditionKind = 'thumb' | 'preview' | 'full' | 'playback';

export interface RenditionFile {
  key: string;
  mimeType: string;
  width: number;
  height: number;
  bytes: number;
  /** an animation's preview (its thumbnail is the first frame, still: not a srcset candidate) */
  animated?: boolean;
}

/** The renditions a media row holds (its `renditions` column). */
export interface Renditions {
  thumb?: RenditionFile;
  preview?: RenditionFile;
  /** Photos: WebP ≤ 2560 px for the full-size overlay (items rendered before it existed have none: the preview serves). */
  full?: RenditionFile;
  /** Videos: H.264/AAC ≤ 720p, moov first, re-encoded from decoded frames: no metadata, no SEI, one video and one sound stream. */
  playback?: RenditionFile;
}

export type RenditionsState = 'pending' | 'ready' | 'failed';

/**
 * The pipeline that made an item's renditions and cleaned its original (the row's
 * `renditions_version`). Raised whenever what the pipeline makes or removes changes: every row
 * made by an older one is re-rendered and re-cleaned by the upgrade job, and until then it is
 * not offered to other visitors. 0: stored before versions were kept. 3: HDR video tone-mapped
 * to SDR and every playback file tagged BT.709, the size policy (issue 31).
 */
export const RENDITIONS_VERSION = 3;

/** Whether an item's renditions exist and were made by the current pipeline: only then may others see it. */
export const renditionsCurrent = (m: { renditionsState: RenditionsState; renditionsVersion: number }): boolean =>
  m.renditionsState === 'ready' && m.renditionsVersion >= RENDITIONS_VERSION;

/** Everything the job learns and makes for one media item. */
export interface MadeRenditions {
  /** the pipeline that made them (RENDITIONS_VERSION) */
  version: number;
  width: number;
  height: number;
  placeholder: string | null;
  renditions: Renditions;
}

const RENDITIONS_PREFIX = 'renditions/';

/**
 * `renditions/<original key>/<kind>-<content hash>.<ext>`: grouped under the original's key, so
 * one prefix holds every rendition of an item (deleted together), and named by content, so a
 * changed rendition gets a new URL and every URL can be cached for good.
 */
export const renditionKey = (storageKey: string, kind: RenditionKind, contentHash: string, ext: string): string =>
  `${RENDITIONS_PREFIX}${storageKey}/${kind}-${contentHash.slice(0, 20)}.${ext}`;

/** Whether a bucket key is a rendition (never media of its own: not listed, imported or counted as a duplicate). */
export const isRenditionKey = (key: string): boolean => key.startsWith(RENDITIONS_PREFIX);

/** The original's key of a rendition key, or null when the key is not a rendition's. */
export function originalKeyOf(key: string): string | null {
  if (!isRenditionKey(key)) return null;
  const slash = key.lastIndexOf('/');
  return slash > RENDITIONS_PREFIX.length ? key.slice(RENDITIONS_PREFIX.length, slash) : null;
}

/** The rendition files of a row, as a list (deleting them, finding one by key). */
export const renditionFiles = (r: Renditions | null | undefined): RenditionFile[] =>
  r ? [r.thumb, r.preview, r.full, r.playback].filter((f): f is RenditionFile => f !== undefined) : [];

/** Display size of a picture after its orientation (EXIF 5–8 and a 90°/270° video turn swap the sides). */
export function displaySize(width: number, height: number, quarterTurns: boolean): { width: number; height: number } {
  return quarterTurns ? { width: height, height: width } : { width, height };
}

/** What a probe says of a video stream, for the playback file. */
export interface VideoFacts {
  codec: string;
  pixelFormat: string | null;
  /** coded size, before the display rotation */
  width: number;
  height: number;
  /** display rotation in degrees (0, 90, 180, 270) */
  rotation: number;
  /** frames per second, or null when unknown */
  frameRate: number | null;
  audioCodec: string | null;
  /** the stream's colour tags: HDR is tone-mapped, everything converted to BT.709 (video-colour.ts) */
  colour: VideoColour;
  /** the original's video and sound bitrates, kbit/s, when the file says: the playback file spends no more */
  videoKbps: number | null;
  audioKbps: number | null;
}

/** A phone shows nothing smoother: 120 and 240 fps clips are served at 60, half the frames encoded or fewer. */
export const PLAYBACK_MAX_FPS = 60;

/**
 * The filters every playback file goes through: upright (ffmpeg applies the display rotation
 * while decoding), the short edge at most 720 px and never enlarged, at most 60 fps, 8-bit 4:2:0
 * BT.709 as every browser plays it (HDR tone-mapped to SDR after the downscale: video-colour.ts).
 * Every video is re-encoded (never stream-copied), so nothing of the original's bitstream reaches
 * a viewer: no SEI user data, no extra streams, no metadata.
 */
export function playbackFilters(v: Pick<VideoFacts, 'frameRate' | 'colour'>): string {
  // both sides even (4:2:0 needs it): the short one rounded down, the other (-2) kept in proportion
  const short = (side: string) => `trunc(min(${VIDEO_SHORT_EDGE},${side})/2)*2`;
  const scale = `scale=w='if(gte(iw,ih),-2,${short('iw')})':h='if(gte(iw,ih),${short('ih')},-2)'`;
  const fps = v.frameRate !== null && v.frameRate > PLAYBACK_MAX_FPS ? [`fps=${PLAYBACK_MAX_FPS}`] : [];
  return [scale, ...fps, ...toBt709Filters(v.colour)].join(',');
}

/** What the API adds beside the spec's `url` and `mimeType` so screens can use the renditions. */
export interface MediaDelivery {
  width: number | null;
  height: number | null;
  placeholder: string | null;
  thumbUrl: string | null;
  previewUrl: string | null;
  srcset: string | null;
  /** the full-size overlay's picture: the full rendition, else the preview */
  fullUrl: string | null;
  playbackUrl: string | null;
}

/** The delivery fields of a row; all rendition URLs null until the job has made them. */
export function deliveryOf(
  m: { width: number | null; height: number | null; placeholder: string | null; renditions: Renditions | null },
  urlOf: (key: string) => string,
): MediaDelivery {
  const { thumb, preview, full, playback } = m.renditions ?? {};
  // an animation's thumbnail is a still: the stage must get the animated preview whatever its size
  const widths = (preview?.animated ? [preview] : [thumb, preview]).filter((f): f is RenditionFile => f !== undefined);
  // a small picture's thumbnail and preview are the same size: the preview (better quality) is enough
  const candidates = widths.filter((f, i) => !widths.slice(i + 1).some((g) => g.width === f.width));
  return {
    width: m.width,
    height: m.height,
    placeholder: m.placeholder,
    thumbUrl: thumb ? urlOf(thumb.key) : null,
    previewUrl: preview ? urlOf(preview.key) : null,
    srcset: candidates.length ? candidates.map((f) => `${urlOf(f.key)} ${f.width}w`).join(', ') : null,
    fullUrl: full ? urlOf(full.key) : preview ? urlOf(preview.key) : null,
    playbackUrl: playback ? urlOf(playback.key) : null,
  };
}

/**
 * The picture or clip a screen opens for an item (the spec's `url`): a photo's full-size
 * rendition (else its preview), a video's playback file. Never the original, which is private
 * (issue 26). Null while the renditions are not made yet.
 */
export const displayUrlOf = (mimeType: string, d: Pick<MediaDelivery, 'fullUrl' | 'playbackUrl'>): string | null =>
  mimeType.startsWith('video/') ? d.playbackUrl : d.fullUrl;
