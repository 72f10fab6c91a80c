import { CreateBucketCommand, DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { benchApiEnv, cpuMs, startApi, watchPeakRss, type ApiProcess } from './app-process.js';
import type { BenchContext, Scenario } from './context.js';
import { fmtTimes } from './report.js';
import { writeJpeg, writeMp4 } from './upload-files.js';
import { newVisitor, postUpload, type BenchVisitor } from './visitor-client.js';

const CONCURRENT = 8;
/** "20 MB" and "5 MB" in decimal megabytes: the 20 MB video stays under the 20 MiB limit. */
const VIDEO_BYTES = 20_000_000;
const IMAGE_BYTES = 5_000_000;
/** Goal of issue 11: the API's RSS grows by at most 1.5× the file per upload in flight. */
const RSS_GOAL = 1.5;
/** As S3ObjectStorage.put sends objects, so the bare copy does the same work. */
const S3_PART_BYTES = 5 * 1024 * 1024;
const S3_QUEUE = 2;
const BUCKET = 'vibe-bench';
/** As the Docker image runs the API (Dockerfile): glibc's arenas per thread otherwise keep each re-encode's memory. */
const MALLOC_ARENAS = '2';

interface TestFile {
  label: string;
  path: string;
  name: string;
  bytes: number;
  body: Blob;
}

interface Storage {
  label: string;
  env: (dataDir: string) => Record<string, string>;
  /** Writes the file under `key` the plainest way this storage allows, then removes it again. */
  bareCopy(file: TestFile, key: string, dataDir: string): Promise<void>;
  removeBare(key: string, dataDir: string): Promise<void>;
}

const mb = (bytes: number) => bytes / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

/** POST /api/media/upload; answers the new media id. */
async function upload(baseUrl: string, v: BenchVisitor, file: TestFile): Promise<number> {
  const r = await postUpload(baseUrl, v, file.body, file.name);
  if (r.id === null) throw new Error(`upload of ${file.label} answered ${r.status}: ${r.body}`);
  return r.id;
}

/** Deletes the round's media through the API, so the next round starts with the same storage. */
async function removeUploads(baseUrl: string, uploads: Array<[BenchVisitor, number]>): Promise<void> {
  for (const [v, id] of uploads) {
    const res = await fetch(`${baseUrl}/api/media/${id}?userId=${v.id}`, {
      method: 'DELETE',
      headers: { cookie: v.cookie },
    });
    if (!res.ok) throw new Error(`DELETE /api/media/${id} answered ${res.status}`);
  }
}

/** The bare local copy: a stream to a file beside the API's objects, flushed to disk as the API's are. */
const localStorage: Storage = {
  label: 'local disk',
  env: () => ({}),
  async bareCopy(file, key, dataDir) {
    const target = path.join(dataDir, 'media', 'bare', key);
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(createReadStream(file.path), createWriteStream(target));
    const handle = await open(target, 'r');
    await handle.sync();
    await handle.close();
  },
  removeBare: (key, dataDir) => rm(path.join(dataDir, 'media', 'bare', key), { force: true }),
};

/** s3rver in this process; the bare copy is the same SDK multipart upload the API's adapter makes. */
async function s3Storage(dir: string): Promise<Storage & { close(): Promise<void> }> {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  return {
    label: 'S3 (s3rver)',
    env: () => ({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    }),
    async bareCopy(file, key) {
      await new Upload({
        client,
        params: { Bucket: BUCKET, Key: `bare/${key}`, Body: createReadStream(file.path) },
        queueSize: S3_QUEUE,
        partSize: S3_PART_BYTES,
      }).done();
    },
    async removeBare(key) {
      await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: `bare/${key}` }));
    },
    async close() {
      client.destroy();
      await server.close();
    },
  };
}

interface RoundFigures {
  seconds: number[];
  bareSeconds: number[];
  startMb: number;
  peakMb: number;
  exact: boolean;
  cpuMsPerUpload: number;
}

/**
 * One API process per storage and file: a warm-up upload (module loading, pools, sharp's first
 * run), then `rounds` rounds of CONCURRENT uploads, each followed by the bare copy of the same
 * bytes. RSS growth is the peak over all rounds above the warm API's RSS before the first.
 */
async function measureUploads(
  ctx: BenchContext,
  storage: Storage,
  file: TestFile,
  rounds: number,
  workDir: string,
): Promise<RoundFigures> {
  const dataDir = await mkdtemp(path.join(workDir, 'data-'));
  const api: ApiProcess = await startApi(
    {
      ...benchApiEnv(ctx, dataDir),
      RATE_LIMIT_PER_MINUTE: '10000000',
      MALLOC_ARENA_MAX: MALLOC_ARENAS,
      ...storage.env(dataDir),
    },
    path.join(workDir, `api-${path.basename(dataDir)}.log`),
  );
  try {
    // one visitor per upload in flight, each from its own address: the upload gate lets a visitor
    // (and an address) decode one image at a time, and this measures 8 uploads at once
    const visitors = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) => newVisitor(api.baseUrl, `198.18.0.${i + 1}`)),
    );
    const v = visitors[0]!;
    await removeUploads(api.baseUrl, [[v, await upload(api.baseUrl, v, file)]]);
    await new Promise((r) => setTimeout(r, 500)); // let the warm-up's buffers settle
    const watch = await watchPeakRss(api.pid);
    const seconds: number[] = [];
    const bareSeconds: number[] = [];
    let cpu = 0;
    for (let round = 0; round < rounds; round++) {
      ctx.log(`uploads: ${storage.label}, ${CONCURRENT} × ${file.label}, round ${round + 1} of ${rounds}`);
      const cpuBefore = (await cpuMs(api.pid)) ?? NaN;
      const started = performance.now();
      const made = await Promise.all(
        visitors.map(async (who) => [who, await upload(api.baseUrl, who, file)] as [BenchVisitor, number]),
      );
      seconds.push((performance.now() - started) / 1000);
      cpu += ((await cpuMs(api.pid)) ?? NaN) - cpuBefore;
      await removeUploads(api.baseUrl, made);

      const keys = Array.from({ length: CONCURRENT }, () => `${randomUUID()}-${file.name}`);
      const bareStarted = performance.now();
      await Promise.all(keys.map((key) => storage.bareCopy(file, key, dataDir)));
      bareSeconds.push((performance.now() - bareStarted) / 1000);
      await Promise.all(keys.map((key) => storage.removeBare(key, dataDir)));
    }
    const peakMb = await watch.stop();
    return {
      seconds,
      bareSeconds,
      startMb: watch.startMb,
      peakMb,
      exact: watch.exact,
      cpuMsPerUpload: cpu / (rounds * CONCURRENT),
    };
  } finally {
    await api.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 11's upload goal: CONCURRENT simultaneous uploads of a 20 MB MP4 and of a 5 MB JPEG
 * through POST /api/media/upload of the built API, on local disk and on S3 (s3rver): the API's
 * RSS growth per upload in flight against the file size, and the throughput beside a bare copy of
 * the same bytes to the same storage.
 */
export const uploads: Scenario = {
  name: 'uploads',
  description: `${CONCURRENT} concurrent 20 MB MP4 and 5 MB JPEG uploads, local disk and S3: API RSS per upload, MB/s vs a bare copy`,
  async run(ctx) {
    const rounds = ctx.flags.quick ? 1 : 3;
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-uploads-'));
    const s3 = await s3Storage(path.join(workDir, 's3'));
    try {
      ctx.log('uploads: writing the test files');
      const videoPath = path.join(workDir, 'clip.mp4');
      const imagePath = path.join(workDir, 'photo.jpg');
      await writeMp4(videoPath, VIDEO_BYTES);
      const imageBytes = await writeJpeg(imagePath, IMAGE_BYTES);
      const files: TestFile[] = [
        { label: '20 MB MP4', path: videoPath, name: 'clip.mp4', bytes: VIDEO_BYTES, body: new Blob([]) },
        {
          label: `${mb(imageBytes).toFixed(1)} MB JPEG`,
          path: imagePath,
          name: 'photo.jpg',
          bytes: imageBytes,
          body: new Blob([]),
        },
      ];
      for (const f of files) f.body = new Blob([await readFile(f.path)], { type: 'application/octet-stream' });

      const rows = [];
      let inexact = false;
      const misses: string[] = [];
      for (const storage of [localStorage, s3]) {
        for (const file of files) {
          const r = await measureUploads(ctx, storage, file, rounds, workDir);
          inexact ||= !r.exact;
          const total = mb(CONCURRENT * file.bytes);
          const apiRate = total / median(r.seconds);
          const bareRate = total / median(r.bareSeconds);
          const perUpload = ((r.peakMb - r.startMb) * 1024 * 1024) / CONCURRENT;
          const multiple = perUpload / file.bytes;
          if (multiple > RSS_GOAL) misses.push(`${storage.label} ${file.label}: ${fmtTimes(multiple)} the file`);
          rows.push({
            storage: storage.label,
            file: file.label,
            'API MB/s': apiRate.toFixed(1),
            'bare copy MB/s': bareRate.toFixed(1),
            'API vs bare': `${Math.round((apiRate / bareRate) * 100)} %`,
            'API CPU ms/upload': Math.round(r.cpuMsPerUpload),
            'RSS before MB': Math.round(r.startMb),
            'RSS peak MB': Math.round(r.peakMb),
            'RSS growth/upload MB': mb(perUpload).toFixed(1),
            '× file': fmtTimes(multiple),
          });
        }
      }
      ctx.report(
        rows,
        `Uploads · ${CONCURRENT} concurrent POST /api/media/upload, median of ${rounds} round(s) · MB = 10⁶ bytes · ` +
          `bare copy: the same bytes, ${CONCURRENT} at once, to the same storage (fs stream + fsync; SDK multipart upload) · ` +
          `goal: RSS growth per upload ≤ ${RSS_GOAL}× the file · API with MALLOC_ARENA_MAX=${MALLOC_ARENAS} as in the Docker image` +
          (inexact ? ' · (peak RSS sampled every 20 ms: /proc/<pid>/clear_refs was not writable)' : ''),
      );
      console.log(misses.length ? `Upload RSS goal missed: ${misses.join('; ')}` : 'Upload RSS goal met.');
    } finally {
      await s3.close();
      await rm(workDir, { recursive: true, force: true });
    }
  },
};
