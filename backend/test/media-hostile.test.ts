import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { DataSource } from 'typeorm';
import type { Renditions } from '../src/modules/media/domain/renditions.js';
import { ObjectStorage } from '../src/platform/storage/object-storage.js';
import { renditionsSettled, upload } from './fixtures/media-fixtures.js';
import { droneMp4, leaksIn, privateTagsOf } from './fixtures/hostile-media.js';
import { ffprobe } from '../bench/made-files.js';
import { startS3, type TestS3 } from './support/s3rver.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

/** The row's stored files: the original and each rendition, read straight from storage. */
async function storedFiles(t: TestApp, id: number): Promise<Record<string, Buffer>> {
  const [row] = await t.app.get(DataSource).query(`SELECT storage_key, renditions FROM media WHERE id = $1`, [id]);
  const storage = t.app.get(ObjectStorage);
  const read = async (key: string) => buffer((await storage.get(key)).stream);
  const out: Record<string, Buffer> = { original: await read(row.storage_key) };
  for (const [kind, file] of Object.entries((row.renditions ?? {}) as Renditions)) out[kind] = await read(file.key);
  return out;
}

for (const storage of ['local disk', 'S3'] as const) {
  describe(`hostile media: a drone clip leaves no location or serial in any stored file (${dbKind}, ${storage})`, () => {
    let s3: TestS3 | undefined;
    let t: TestApp;
    beforeAll(async () => {
      s3 = storage === 'S3' ? await startS3() : undefined;
      t = await startTestApp(s3?.env ?? {});
    });
    afterAll(async () => {
      await t.close();
      await s3?.close();
    });

    it('the original is cleaned in place; the playback file is re-encoded H.264/AAC with nothing else; the poster is clean', async () => {
      const drone = await droneMp4();
      const v = await newVisitor(t);
      const res = await upload(v, drone, 'DJI_0001.mp4').expect(201);
      const states = await renditionsSettled(t);
      expect(states.get(res.body.id)).toBe('ready');
      const files = await storedFiles(t, res.body.id);
      expect(Object.keys(files).sort()).toEqual(['original', 'playback', 'preview', 'thumb']);
      for (const [kind, bytes] of Object.entries(files)) {
        expect(leaksIn(bytes), kind).toEqual([]);
        expect(privateTagsOf(bytes), kind).toEqual([]);
      }
      expect(files.original!.length).toBe(drone.length);
      const played = ffprobe(files.playback!, '-show_format', '-show_chapters');
      expect(played.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(['video:h264', 'audio:aac']);
      expect(played.streams[0]).toMatchObject({ width: 320, height: 240, pix_fmt: 'yuv420p' });
      expect(played.format.tags ?? {}).not.toHaveProperty('location');
      // no SEI unit at all: x264's own and anything decoded frames could carry are dropped
      const dir = mkdtempSync(path.join(os.tmpdir(), 'vibe-sei-'));
      try {
        writeFileSync(path.join(dir, 'p.mp4'), files.playback!);
        const trace = execFileSync(
          'ffmpeg',
          [
            '-hide_banner',
            '-i',
            path.join(dir, 'p.mp4'),
            '-map',
            '0:v',
            '-c',
            'copy',
            '-bsf:v',
            'trace_headers',
            '-f',
            'null',
            '-',
          ],
          { stdio: ['ignore', 'pipe', 'pipe'] },
        );
        expect(trace.toString()).not.toMatch(/Supplemental Enhancement/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}
