/**
 * Colour of the playback file (issue 31 item 1). Browsers and phones show an H.264 file as
 * BT.709 SDR; a phone's HDR clip (HEVC Main 10, BT.2020, HLG since the iPhone 12, or PQ) only
 * looks right there once it is tone-mapped to SDR, its gamut mapped to BT.709 and its 10 bits
 * brought to 8. Every playback file is then tagged BT.709, limited range, so no player guesses.
 */

/** What ffprobe says of a video stream's colour (its names: `arib-std-b67`, `bt2020nc`, `tv`…); null when untagged. */
export interface VideoColour {
  transfer: string | null;
  primaries: string | null;
  matrix: string | null;
  range: string | null;
}

export type DynamicRange = 'sdr' | 'hlg' | 'pq';

/** HLG (ARIB STD-B67) and PQ (SMPTE ST 2084) are the HDR transfers phones write; anything else is SDR. */
export function dynamicRangeOf(c: Pick<VideoColour, 'transfer'>): DynamicRange {
  if (c.transfer === 'arib-std-b67') return 'hlg';
  if (c.transfer === 'smpte2084') return 'pq';
  return 'sdr';
}

/** ffprobe's tags zscale understands under the same names; anything else is treated as untagged. */
const ZSCALE_TRANSFERS = new Set(['bt709', 'smpte170m', 'bt470m', 'bt470bg', 'bt2020-10', 'bt2020-12', 'iec61966-2-1']);
const ZSCALE_PRIMARIES = new Set(['bt709', 'smpte170m', 'bt470m', 'bt470bg', 'smpte240m', 'bt2020', 'smpte432']);
const ZSCALE_MATRICES = new Set(['bt709', 'smpte170m', 'bt470bg', 'bt2020nc', 'bt2020c']);

/**
 * The tone-mapping operator. Mobius keeps everything below its knee as it is and only rolls off
 * the highlights, so a phone's HLG clip (diffuse white well below its peak) keeps the brightness
 * it had on the phone; Hable (filmic) darkened the same clip by about a fifth.
 */
const TONEMAP = 'mobius';
/** Linear light 1.0 = 100 cd/m², the reference white ffmpeg's tonemap filter works in. */
const NOMINAL_PEAK = 100;

/** The encoder's tags for every playback file: BT.709 primaries, transfer and matrix, limited range. */
export const BT709_TAGS: readonly string[] = [
  ...['-color_primaries', 'bt709', '-color_trc', 'bt709', '-colorspace', 'bt709', '-color_range', 'tv'],
];

/**
 * The filters that bring an already scaled picture to BT.709 8-bit 4:2:0, limited range:
 * - HDR (HLG, PQ): zscale to linear light, to BT.709 primaries, `tonemap` into SDR, back to the
 *   BT.709 curve and matrix (the chain Jellyfin and Immich use with ffmpeg's software filters).
 *   It runs after the downscale, on ≤ 720p frames, which keeps its float work small.
 * - SDR tagged other than BT.709 (BT.601 matrix, BT.2020 primaries, full range): zscale converts
 *   what differs, so the BT.709 tags tell the truth.
 * - SDR that is BT.709 or untagged (a player would take it as BT.709 anyway): only the 8-bit 4:2:0.
 * The inputs are named explicitly: zscale must not guess from tags a scale filter may have changed.
 */
export function toBt709Filters(c: VideoColour): string[] {
  const transfer = c.transfer && ZSCALE_TRANSFERS.has(c.transfer) ? c.transfer : 'bt709';
  const primaries = c.primaries && ZSCALE_PRIMARIES.has(c.primaries) ? c.primaries : 'bt709';
  const range = c.range === 'pc' ? 'pc' : 'tv';
  const hdr = dynamicRangeOf(c);
  if (hdr !== 'sdr') {
    // an HDR stream with no matrix or primaries tag is BT.2020 in practice
    const matrix = c.matrix && ZSCALE_MATRICES.has(c.matrix) ? c.matrix : 'bt2020nc';
    const hdrPrimaries = c.primaries && ZSCALE_PRIMARIES.has(c.primaries) ? c.primaries : 'bt2020';
    return [
      `zscale=tin=${c.transfer}:pin=${hdrPrimaries}:min=${matrix}:rin=${range}:t=linear:npl=${NOMINAL_PEAK}`,
      'format=gbrpf32le',
      'zscale=p=bt709',
      `tonemap=tonemap=${TONEMAP}:desat=0`,
      'zscale=t=bt709:m=bt709:r=tv',
      'format=yuv420p',
    ];
  }
  const matrix = c.matrix && ZSCALE_MATRICES.has(c.matrix) ? c.matrix : 'bt709';
  if (matrix === 'bt709' && primaries === 'bt709' && range === 'tv') return ['format=yuv420p'];
  return [
    `zscale=tin=${transfer}:pin=${primaries}:min=${matrix}:rin=${range}:t=bt709:p=bt709:m=bt709:r=tv`,
    'format=yuv420p',
  ];
}
