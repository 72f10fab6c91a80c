/**
 * Finds the H.264/HEVC SEI NAL units of one MP4 sample that carry user data (registered or
 * unregistered: where cameras and drones write GPS, serial numbers and flight logs) so they can
 * be neutralised in place: the NAL turns into an "unspecified" type every decoder skips, its
 * payload zeroed. Sizes stay, so every offset in the file stays valid.
 */

export type NalCodec = 'avc' | 'hevc';

/** Where one SEI NAL unit with user data sits in the sample, and its neutralised header. */
export interface SeiHit {
  /** offset in the sample of the NAL header */
  at: number;
  /** NAL bytes (header included) */
  length: number;
  header: Buffer;
}

const USER_DATA_REGISTERED = 4;
const USER_DATA_UNREGISTERED = 5;
/** AVC: nal_unit_type 6; HEVC: prefix 39 and suffix 40. */
const isSei = (codec: NalCodec, nal: Buffer): boolean =>
  codec === 'avc' ? (nal[0]! & 0x1f) === 6 : [39, 40].includes((nal[0]! >> 1) & 0x3f);

/** Header of an unspecified NAL type (AVC 30, HEVC 62), keeping HEVC's layer and temporal id. */
const neutralHeader = (codec: NalCodec, nal: Buffer): Buffer =>
  codec === 'avc' ? Buffer.from([30]) : Buffer.from([62 << 1, nal[1]!]);

/** The RBSP of a NAL payload: emulation prevention bytes (00 00 03) removed. */
function unescape(payload: Buffer): Buffer {
  const out = Buffer.alloc(payload.length);
  let n = 0;
  let zeros = 0;
  for (const b of payload) {
    if (zeros >= 2 && b === 3) {
      zeros = 0;
      continue;
    }
    out[n++] = b;
    zeros = b === 0 ? zeros + 1 : 0;
  }
  return out.subarray(0, n);
}

/** Whether any SEI message in the RBSP is user data. */
function carriesUserData(rbsp: Buffer): boolean {
  let at = 0;
  // a message needs at least a type and a size byte; 0x80 alone is the trailing bits
  while (at + 2 <= rbsp.length && !(rbsp[at] === 0x80 && at === rbsp.length - 1)) {
    let type = 0;
    while (rbsp[at] === 0xff) {
      type += 255;
      at++;
    }
    type += rbsp[at++] ?? 0;
    let size = 0;
    while (rbsp[at] === 0xff) {
      size += 255;
      at++;
    }
    size += rbsp[at++] ?? 0;
    if (type === USER_DATA_REGISTERED || type === USER_DATA_UNREGISTERED) return true;
    at += size;
  }
  return false;
}

/**
 * The SEI NAL units with user data in one sample (NAL units prefixed by their length in
 * `lengthSize` bytes, as MP4 stores them). A sample whose lengths do not add up is left alone:
 * the decoder will not read past it either.
 */
export function userDataSei(sample: Buffer, codec: NalCodec, lengthSize: number): SeiHit[] {
  const hits: SeiHit[] = [];
  const headerBytes = codec === 'avc' ? 1 : 2;
  for (let at = 0; at + lengthSize <= sample.length;) {
    const length = sample.readUIntBE(at, lengthSize);
    const start = at + lengthSize;
    if (length < headerBytes || start + length > sample.length) break;
    const nal = sample.subarray(start, start + length);
    if (isSei(codec, nal) && carriesUserData(unescape(nal.subarray(headerBytes))))
      hits.push({ at: start, length, header: neutralHeader(codec, nal) });
    at = start + length;
  }
  return hits;
}
