import { DataSource } from 'typeorm';
import { upload } from './fixtures/media-fixtures.js';
import {
  interlacedPng,
  repeatedSkipFrameMp4,
  skipFrame8kMp4,
  tenHourMp4,
  twoVideoTracksMp4,
} from './fixtures/media-bombs.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

/**
 * Issue 26 item 3: what no phone makes is refused at upload from its header, with a reason the
 * uploader reads in the upload queue (422), before anything is stored or decoded.
 */
describe(`media budget: bombs are refused at upload (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const mediaCount = async () =>
    Number((await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM media`))[0].n);

  const refused = async (file: Buffer, name: string, message: RegExp) => {
    expect(file.length).toBeLessThan(1024 * 1024);
    const before = await mediaCount();
    const v = await newVisitor(t);
    const res = await upload(v, file, name);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.message).toMatch(message);
    expect(await mediaCount()).toBe(before);
  };

  it('the 8K 4:4:4 MP4 that repeats one skip frame 20,000 times', async () => {
    await refused(skipFrame8kMp4(), 'skip.mp4', /more frames than we can convert \(20000 frames of 7680×4320\)/);
  });

  it('a "10-hour" 1 fps 720p MP4', async () => {
    await refused(tenHourMp4(), 'long.mp4', /at most 10 minutes long \(this one is 10 hours\)/);
  });

  it('a video with two video tracks', async () => {
    await refused(twoVideoTracksMp4(), 'two.mp4', /only one video track/);
  });

  it('a video faster than 240 fps', async () => {
    await refused(
      repeatedSkipFrameMp4({ width: 64, height: 48, fps: 480, frames: 48 }),
      'fast.mp4',
      /at most 240 frames per second \(this one has 480\)/,
    );
  });

  it('a video wider than 8192 px', async () => {
    await refused(
      repeatedSkipFrameMp4({ width: 8320, height: 64, fps: 30, frames: 2 }),
      'wide.mp4',
      /at most 8192 pixels on a side \(this one is 8320×64\)/,
    );
  });

  it('an interlaced PNG over its pixel budget (decoded whole: no shrink-on-load)', async () => {
    await refused(await interlacedPng(6000, 5000), 'big.png', /Interlaced PNG images may be at most 25 megapixels/);
  });

  it('a small real clip still passes', async () => {
    const v = await newVisitor(t);
    await upload(v, repeatedSkipFrameMp4({ width: 64, height: 48, fps: 30, frames: 30 }), 'ok.mp4').expect(201);
  });
});
