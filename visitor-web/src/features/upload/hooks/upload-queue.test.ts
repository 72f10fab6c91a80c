import { describe, expect, it } from 'vitest';
import {
  canRetry,
  canUpload,
  canUploadAll,
  isRetryableStatus,
  isUploading,
  newUploadKey,
  queueReducer,
  type QueueItem,
} from './upload-queue';
import { MB } from '../../../lib/format';
import {
  IMAGE_SIZE_MESSAGE,
  TYPE_MESSAGE,
  VIDEO_SIZE_MESSAGE,
  mediaKind,
  rejectionText,
  validateFile,
} from './upload-rules';

const file = (name: string, type: string, size = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

const add = (state: QueueItem[], ...names: string[]) =>
  queueReducer(state, {
    type: 'add',
    items: names.map((n) => ({ id: n, file: file(`${n}.png`, 'image/png'), key: `key-of-${n}` })),
  });

describe('upload queue', () => {
  it('adds items as pending with progress 0', () => {
    const s = add([], 'a', 'b');
    expect(s.map((i) => [i.id, i.status, i.progress, i.error])).toEqual([
      ['a', 'pending', 0, null],
      ['b', 'pending', 0, null],
    ]);
  });

  it('only starts pending items and follows progress up to completed at 100', () => {
    let s = add([], 'a');
    s = queueReducer(s, { type: 'start', id: 'a' });
    expect(s[0]!.status).toBe('uploading');
    s = queueReducer(s, { type: 'progress', id: 'a', progress: 42.4 });
    expect(s[0]!.progress).toBe(42);
    s = queueReducer(s, { type: 'progress', id: 'a', progress: 10 });
    expect(s[0]!.progress).toBe(42); // never goes backwards
    s = queueReducer(s, { type: 'complete', id: 'a', mediaId: 7 });
    expect(s[0]).toMatchObject({ status: 'completed', progress: 100 });
    // a completed item cannot be started again
    expect(queueReducer(s, { type: 'start', id: 'a' })[0]!.status).toBe('completed');
  });

  it('records the error text on failure; a failed item is not uploaded again except by a retry', () => {
    let s = add([], 'a');
    s = queueReducer(s, { type: 'start', id: 'a' });
    s = queueReducer(s, { type: 'progress', id: 'a', progress: 37 });
    s = queueReducer(s, { type: 'fail', id: 'a', error: 'Network error during upload', retryable: true });
    expect(s[0]).toMatchObject({ status: 'error', error: 'Network error during upload', progress: 0 });
    expect(canUpload(s[0]!)).toBe(false);
    expect(queueReducer(s, { type: 'start', id: 'a' })[0]!.status).toBe('error');
    expect(canRetry(s[0]!)).toBe(true);
    // a retry puts it back to pending from 0 with the same file and the same Idempotency-Key
    const again = queueReducer(s, { type: 'retry', id: 'a' });
    expect(again[0]).toMatchObject({ status: 'pending', progress: 0, error: null, key: 'key-of-a' });
    expect(again[0]!.file).toBe(s[0]!.file);
    expect(queueReducer(again, { type: 'start', id: 'a' })[0]!.status).toBe('uploading');
  });

  it('offers no retry for a refusal another try cannot cure (too large, wrong type)', () => {
    let s = add([], 'a');
    s = queueReducer(s, { type: 'start', id: 'a' });
    s = queueReducer(s, { type: 'fail', id: 'a', error: 'Image files must be under 10MB', retryable: false });
    expect(canRetry(s[0]!)).toBe(false);
    expect(queueReducer(s, { type: 'retry', id: 'a' })[0]!.status).toBe('error');
    expect(canUploadAll(s)).toBe(false);
  });

  it('retries what the network or a busy server broke: no answer, 408, 429, 5xx', () => {
    expect([0, 408, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 413, 415, -1].some(isRetryableStatus)).toBe(false);
  });

  it('Upload All also covers failed items that can be retried', () => {
    let s = add([], 'a');
    s = queueReducer(s, { type: 'start', id: 'a' });
    expect(canUploadAll(s)).toBe(false);
    s = queueReducer(s, { type: 'fail', id: 'a', error: 'Upload failed with status 503', retryable: true });
    expect(canUploadAll(s)).toBe(true);
  });

  it('gives every file its own Idempotency-Key', () => {
    const keys = new Set(Array.from({ length: 50 }, newUploadKey));
    expect(keys.size).toBe(50);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('removes items at any time, also while uploading', () => {
    let s = add([], 'a', 'b');
    s = queueReducer(s, { type: 'start', id: 'a' });
    s = queueReducer(s, { type: 'remove', id: 'a' });
    expect(s.map((i) => i.id)).toEqual(['b']);
  });

  it('enables Upload All only with a pending item and no upload in progress', () => {
    expect(canUploadAll([])).toBe(false);
    let s = add([], 'a', 'b');
    expect(canUploadAll(s)).toBe(true);
    s = queueReducer(s, { type: 'start', id: 'a' });
    expect(isUploading(s)).toBe(true);
    expect(canUploadAll(s)).toBe(false);
    s = queueReducer(s, { type: 'complete', id: 'a', mediaId: 7 });
    expect(canUploadAll(s)).toBe(true);
    s = queueReducer(s, { type: 'start', id: 'b' });
    s = queueReducer(s, { type: 'complete', id: 'b', mediaId: 7 });
    expect(canUploadAll(s)).toBe(false);
  });

  it('clears completed items', () => {
    let s = add([], 'a', 'b');
    s = queueReducer(queueReducer(s, { type: 'start', id: 'a' }), { type: 'complete', id: 'a', mediaId: 7 });
    expect(queueReducer(s, { type: 'clear-completed' }).map((i) => i.id)).toEqual(['b']);
  });
});

describe('upload rules', () => {
  it('accepts jpeg, jpg, png, gif, webp and mp4 only', () => {
    for (const [n, t] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.jpg', 'image/jpg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.mp4', 'video/mp4'],
    ] as const) {
      expect(validateFile(file(n, t))).toBeNull();
    }
    expect(validateFile(file('a.svg', 'image/svg+xml'))).toBe(TYPE_MESSAGE);
    expect(validateFile(file('a.mov', 'video/quicktime'))).toBe(TYPE_MESSAGE);
    expect(validateFile(file('a.txt', 'text/plain'))).toBe(TYPE_MESSAGE);
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(mediaKind({ name: 'clip.MP4', type: '' })).toBe('video');
    expect(mediaKind({ name: 'x.heic', type: '' })).toBeNull();
  });

  it('limits images to 10 MB and videos to 20 MB', () => {
    expect(validateFile(file('a.png', 'image/png', 10 * MB))).toBeNull();
    expect(validateFile(file('a.png', 'image/png', 10 * MB + 1))).toBe(IMAGE_SIZE_MESSAGE);
    expect(validateFile(file('a.mp4', 'video/mp4', 20 * MB))).toBeNull();
    expect(validateFile(file('a.mp4', 'video/mp4', 20 * MB + 1))).toBe(VIDEO_SIZE_MESSAGE);
    expect(IMAGE_SIZE_MESSAGE).toBe('Image files must be under 10MB');
    expect(VIDEO_SIZE_MESSAGE).toBe('Video files must be under 20MB');
  });

  it('maps drop-zone rejection codes to readable texts', () => {
    expect(rejectionText('file-invalid-type', file('a.txt', 'text/plain'))).toBe(TYPE_MESSAGE);
    expect(rejectionText('file-too-large', file('a.mp4', 'video/mp4', 30 * MB))).toBe(VIDEO_SIZE_MESSAGE);
    expect(rejectionText('file-too-large', file('a.png', 'image/png', 12 * MB))).toBe(IMAGE_SIZE_MESSAGE);
    expect(rejectionText('too-many-files', file('a.png', 'image/png'))).toBe('Too many files at once');
  });
});

describe('a queue that waits for the link', () => {
  const file = new File(['x'], 'a.png', { type: 'image/png' });
  it('puts a pending or uploading item back to pending, waiting, and starts it clean', () => {
    let s = queueReducer([], { type: 'add', items: [{ id: 'a', file, key: 'k-a' }] });
    s = queueReducer(queueReducer(s, { type: 'start', id: 'a' }), { type: 'progress', id: 'a', progress: 40 });
    s = queueReducer(s, { type: 'wait', id: 'a' });
    expect(s[0]).toMatchObject({ status: 'pending', waiting: true, progress: 0, error: null, key: 'k-a' });
    s = queueReducer(s, { type: 'start', id: 'a' });
    expect(s[0]).toMatchObject({ status: 'uploading', waiting: false });
    s = queueReducer(s, { type: 'complete', id: 'a', mediaId: 12 });
    expect(s[0]).toMatchObject({ status: 'completed', mediaId: 12 });
    // a finished file never goes back to waiting
    expect(queueReducer(s, { type: 'wait', id: 'a' })[0]!.status).toBe('completed');
  });
});
