import { loadConfig } from '../../../config/env.js';
import { transcodeBudgetMs, videoOverBudget, type VideoHeader } from './media-budget.js';

const limits = loadConfig({}).mediaLimits;
const clip = (width: number, height: number, fps: number, seconds: number): VideoHeader => ({
  width,
  height,
  frameRate: fps,
  duration: seconds,
  frameCount: Math.round(fps * seconds),
  videoStreams: 1,
});

describe('the video budget (defaults)', () => {
  it('passes what phones make: 60 s of 4K30, 3 s of 8K30, 30 s of 1080p at 240 fps, 10 min of 720p30', () => {
    expect(videoOverBudget(clip(3840, 2160, 30, 60), limits)).toBeNull();
    expect(videoOverBudget(clip(7680, 4320, 30, 3), limits)).toBeNull();
    expect(videoOverBudget(clip(1920, 1080, 240, 30), limits)).toBeNull();
    expect(videoOverBudget(clip(1280, 720, 30, 600), limits)).toBeNull();
    // a phone's 240 fps averages a hair above it
    expect(videoOverBudget(clip(1920, 1080, 240.6, 10), limits)).toBeNull();
  });

  it('refuses frames listed beyond what the duration says (a sample table of repeated skip frames)', () => {
    const bomb = { ...clip(7680, 4320, 240, 83), frameCount: 20_000 };
    expect(videoOverBudget(bomb, limits)).toMatch(/more frames than we can convert/);
  });

  it('refuses a file whose length cannot be read', () => {
    expect(videoOverBudget({ ...clip(640, 480, 30, 0), frameCount: null }, limits)).toMatch(/could not be read/);
  });

  it('gives a transcode time in proportion to its pixels: a 20 s 1080p clip about 2 minutes, not 10', () => {
    const ms = transcodeBudgetMs(clip(1920, 1080, 30, 20));
    expect(ms).toBeGreaterThan(60_000);
    expect(ms).toBeLessThan(150_000);
  });
});
