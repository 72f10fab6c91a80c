import { DomainError } from '../../../platform/domain-error.js';
import {
  acceptUpload,
  assertRequestSize,
  assertWithinLimit,
  IMAGE_MAX_BYTES,
  nameExtension,
  sanitizeOriginalName,
  storageKeyFor,
  VIDEO_MAX_BYTES,
} from './upload-policy.js';
import { tally } from './media.js';

const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof DomainError ? err.code : 'not a DomainError';
  }
};

describe('upload policy', () => {
  it.each([
    [{ ext: 'jpg', mime: 'image/jpeg' }, 'photo.JPEG', 'image/jpeg', 'image'],
    [{ ext: 'jpg', mime: 'image/jpeg' }, 'photo.jpg', 'image/jpeg', 'image'],
    [{ ext: 'png', mime: 'image/png' }, 'shot.png', 'image/png', 'image'],
    [{ ext: 'apng', mime: 'image/apng' }, 'moving.png', 'image/png', 'image'],
    [{ ext: 'gif', mime: 'image/gif' }, 'loop.gif', 'image/gif', 'image'],
    [{ ext: 'webp', mime: 'image/webp' }, 'pic.webp', 'image/webp', 'image'],
    [{ ext: 'mp4', mime: 'video/mp4' }, 'clip.mp4', 'video/mp4', 'video'],
    [{ ext: 'png', mime: 'image/png' }, 'image', 'image/png', 'image'],
    [{ ext: 'png', mime: 'image/png' }, 'C:\\fakepath\\shot.png', 'image/png', 'image'],
  ])('accepts %j named %s as %s', (sniffed, name, mime, kind) => {
    expect(acceptUpload(sniffed, name)).toMatchObject({ mimeType: mime, kind });
  });

  it.each([
    [undefined, 'page.jpg'],
    [{ ext: 'mov', mime: 'video/quicktime' }, 'clip.mov'],
    [{ ext: 'm4v', mime: 'video/x-m4v' }, 'clip.mp4'],
    [{ ext: 'heic', mime: 'image/heic' }, 'photo.heic'],
    [{ ext: 'svg', mime: 'image/svg+xml' }, 'logo.svg'],
    [{ ext: 'png', mime: 'image/png' }, 'movie.mp4'],
    [{ ext: 'jpg', mime: 'image/jpeg' }, 'photo.png'],
    [{ ext: 'mp4', mime: 'video/mp4' }, 'clip.jpg'],
    [{ ext: 'png', mime: 'image/png' }, 'shot.png.exe'],
  ])('refuses %j named %s with 415', (sniffed, name) => {
    expect(codeOf(() => acceptUpload(sniffed, name))).toBe('unsupported_media_type');
  });

  it('says what is allowed and what was found', () => {
    expect(() => acceptUpload({ ext: 'png', mime: 'image/png' }, 'movie.mp4')).toThrow(
      /PNG image but its name ends in \.mp4.*Only JPEG, PNG, GIF, WebP images and MP4 videos are allowed/,
    );
    expect(() => acceptUpload(undefined, 'x.jpg')).toThrow(
      /Only JPEG, PNG, GIF, WebP images and MP4 videos are allowed/,
    );
  });

  it('limits images to 10 MB and videos to 20 MB with the spec messages', () => {
    expect(codeOf(() => assertWithinLimit('image', IMAGE_MAX_BYTES))).toBeUndefined();
    expect(() => assertWithinLimit('image', IMAGE_MAX_BYTES + 1)).toThrow('Image files must be under 10MB');
    expect(codeOf(() => assertWithinLimit('image', IMAGE_MAX_BYTES + 1))).toBe('payload_too_large');
    expect(codeOf(() => assertWithinLimit('video', VIDEO_MAX_BYTES))).toBeUndefined();
    expect(() => assertWithinLimit('video', VIDEO_MAX_BYTES + 1)).toThrow('Video files must be under 20MB');
  });

  it('counts MB as 10^6 bytes, as the web apps show sizes: a 10.2 MB photo is not "under 10MB"', () => {
    expect(IMAGE_MAX_BYTES).toBe(10_000_000);
    expect(VIDEO_MAX_BYTES).toBe(20_000_000);
    expect(codeOf(() => assertWithinLimit('image', 10_200_000))).toBe('payload_too_large');
    expect(codeOf(() => assertWithinLimit('video', 20_400_000))).toBe('payload_too_large');
  });

  it('refuses a request body that cannot hold an allowed file, and lets an unknown length through', () => {
    expect(codeOf(() => assertRequestSize(25 * 1024 * 1024))).toBe('payload_too_large');
    expect(codeOf(() => assertRequestSize(VIDEO_MAX_BYTES + 1000))).toBeUndefined();
    expect(codeOf(() => assertRequestSize(undefined))).toBeUndefined();
  });

  it('reads extensions from the last path segment only', () => {
    expect(nameExtension('a.b/c')).toBeNull();
    expect(nameExtension('photo')).toBeNull();
    expect(nameExtension('photo.')).toBeNull();
    expect(nameExtension('dir.jpg\\photo.PNG')).toBe('png');
  });

  it('keeps display names clean and within 255 characters', () => {
    const png = acceptUpload({ ext: 'png', mime: 'image/png' }, 'x.png');
    expect(sanitizeOriginalName('/home/me/\u0000evil\u202Egnp.png', png)).toBe('evilgnp.png');
    expect(sanitizeOriginalName('   ', png)).toBe('upload.png');
    const long = sanitizeOriginalName(`${'界'.repeat(400)}.png`, png);
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('.png')).toBe(true);
  });

  it('generates keys by date and id, never from the client name', () => {
    const mp4 = acceptUpload({ ext: 'mp4', mime: 'video/mp4' }, 'x.mp4');
    expect(storageKeyFor(mp4, 'abc', new Date('2025-03-09T12:00:00Z'))).toBe('uploads/2025/03/abc.mp4');
    const jpg = acceptUpload({ ext: 'jpg', mime: 'image/jpeg' }, 'x.jpeg');
    expect(storageKeyFor(jpg, 'abc', new Date('2025-12-31T23:59:59Z'))).toBe('uploads/2025/12/abc.jpg');
  });
});

describe('tally', () => {
  it('gives whole-number percentages that add up to 100, and zeros without votes', () => {
    expect(tally(0, 0)).toEqual({ totalVotes: 0, hotVotes: 0, hotPercentage: 0, notPercentage: 0 });
    expect(tally(1, 1)).toEqual({ totalVotes: 1, hotVotes: 1, hotPercentage: 100, notPercentage: 0 });
    expect(tally(0, 4)).toEqual({ totalVotes: 4, hotVotes: 0, hotPercentage: 0, notPercentage: 100 });
    expect(tally(2, 3)).toEqual({ totalVotes: 3, hotVotes: 2, hotPercentage: 67, notPercentage: 33 });
    expect(tally(1, 3)).toEqual({ totalVotes: 3, hotVotes: 1, hotPercentage: 33, notPercentage: 67 });
  });
});
