import sharp from 'sharp';
import request from 'supertest';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import {
  binary,
  jpegWithGpsAndOrientation,
  keyOf,
  MB,
  padded,
  mediaState,
  tinyMp4,
  upload,
} from './fixtures/media-fixtures.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor, type Visitor } from './support/visitor.js';

/** The services mode: the same routes with objects in an S3 bucket (s3rver speaks the protocol). */
describe(`media on S3 storage (${dbKind})`, () => {
  let s3: TestS3;
  let t: TestApp;
  let v: Visitor;
  beforeAll(async () => {
    s3 = await startS3();
    t = await startTestApp(s3.env);
    v = await newVisitor(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads into the bucket, serves ranges from it and deletes from it', async () => {
    const storage = t.app.get(ObjectStorage);
    expect(storage.provider).toBe('s3');

    const photo = (await upload(v, await jpegWithGpsAndOrientation(), 'p.jpg').expect(201)).body;
    const clip = (await upload(v, tinyMp4, 'c.mp4').expect(201)).body;
    expect((await storage.stat(keyOf(photo.url)))?.size).toBe(photo.size);
    expect((await storage.stat(keyOf(clip.url)))?.size).toBe(tinyMp4.length);

    // an original goes to its uploader only (issue 26); anyone else gets 404 from S3 as from disk
    await request(t.server).get(photo.url).expect(404);
    const served = await binary(v.agent.get(photo.url)).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // stored as uploaded without its metadata: the camera's pixels, turned upright by the one field kept
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta).toMatchObject({ width: 40, height: 20, orientation: 6 });
    expect((served.body as Buffer).includes(Buffer.from('LeakyCam'))).toBe(false);
    expect(photo).toMatchObject({ width: 20, height: 40 });

    const part = await binary(v.agent.get(clip.url).set('Range', 'bytes=100-199')).expect(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${tinyMp4.length}`);
    expect(Buffer.compare(part.body as Buffer, tinyMp4.subarray(100, 200))).toBe(0);

    await v.agent.delete(`/api/media/${clip.id}`).query({ userId: v.id }).expect(200);
    expect(await storage.stat(keyOf(clip.url))).toBeNull();
    await request(t.server).get(clip.url).expect(404);
  });

  it('puts nothing in the bucket for a refused upload', async () => {
    const before = await mediaState(t);
    await upload(v, padded(await jpegWithGpsAndOrientation(), 10 * MB + 1), 'big.jpg').expect(413);
    await upload(v, Buffer.from('<html></html>'), 'page.jpg').expect(415);
    expect(await mediaState(t)).toEqual(before);
  });
});
