import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cpuMs, watchPeakRss } from './app-process.js';
import type { BenchApp, Scenario } from './context.js';
import { DRONE_LEAKS, droneMp4 } from './hostile-media-files.js';
import { interlacedPng, manyFrameGif, repeatedSkipFrameMp4, skipFrame8kMp4, tenHourMp4 } from './media-bombs.js';
import { processesWith } from './processes.js';
import { strangerBytes } from './stranger-bytes.js';
import { fmtMs } from './report.js';
import { writeJpeg } from './upload-files.js';
import { newVisitor, postUpload, type BenchVisitor } from './visitor-client.js';

/** A file's bytes for fetch's FormData (a Buffer may sit on a shared ArrayBuffer). */
const blob = (b: Buffer) => new Blob([new Uint8Array(b)]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const READY_TIMEOUT_MS = 300_000;

/** Pids of the API's tools: their command lines name its data dir. */
const pidsWith = (needle: string) => processesWith(needle).map((p) => p.pid);
const toolsRunning = (needle: string) => processesWith(needle).length;

/** Peak of the summed resident memory of the API's tools (ffmpeg, ffprobe, the image decoder), sampled every 100 ms. */
function watchToolsRss(needle: string): { stop(): number } {
  let peak = 0;
  const timer = setInterval(() => {
    let kb = 0;
    for (const pid of pidsWith(needle)) {
      try {
        kb += Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // gone meanwhile
      }
    }
    peak = Math.max(peak, kb / 1024);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** CPU time of the process's children it has waited for (its finished tools), in ms. */
function childrenCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // after "(comm) ": cutime is the 14th field, cstime the 15th (USER_HZ = 100/s)
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** From a 201 until the item's renditions are made (its preview, and a video's playback file). */
export async function untilReady(app: BenchApp, id: number): Promise<number | null> {
  const started = performance.now();
  while (performance.now() - started < READY_TIMEOUT_MS) {
    const { rows } = await app.db.query<{ s: string }>(`SELECT renditions_state AS s FROM media WHERE id = $1`, [id]);
    if (rows[0] && rows[0].s !== 'pending') return rows[0].s === 'ready' ? performance.now() - started : null;
    await sleep(100);
  }
  return null;
}

async function visitorPair(app: BenchApp, v: BenchVisitor, photo: Blob, video: Blob) {
  const p = await postUpload(app.baseUrl, v, photo, 'photo.jpg', { untilAccepted: true });
  const m = await postUpload(app.baseUrl, v, video, 'clip.mp4', { untilAccepted: true });
  const [preview, playback] = await Promise.all([
    p.id === null ? null : untilReady(app, p.id),
    m.id === null ? null : untilReady(app, m.id),
  ]);
  return { preview, playback };
}

/**
 * Issue 26 item 7: from other addresses, the crafted bombs (8K 4:4:4 skip-frame MP4, "10-hour"
 * 1 fps MP4, a 100 MP interlaced PNG, a 5,000-frame GIF, and a heavy but legal 20 s 4K clip);
 * meanwhile a visitor uploads a 12 MP photo and a 10 s phone-sized video. Prints each bomb's answer
 * and API CPU, the visitor's time to preview and playback against the idle baseline, the API's
 * and its tools' peak RSS, the location strings in every byte a stranger can fetch (a drone-style
 * clip is among the uploads), and the tools left 30 s after a kill -9 of the API mid-transcode.
 */
export const hostileMedia: Scenario = {
  name: 'hostile-media',
  description: 'decompression bombs from other addresses vs. a visitor photo + video; tools left after kill -9',
  async run(ctx) {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-hostile-'));
    const app = await ctx.startApp({
      label: 'hostile-media',
      media: 1,
      votes: 0,
      env: { RATE_LIMIT_PER_MINUTE: '10000000' },
    });
    try {
      ctx.log('hostile-media: making the files');
      const jpegPath = path.join(workDir, 'photo.jpg');
      await writeJpeg(jpegPath, 3_000_000);
      const photo = new Blob([await readFile(jpegPath)], { type: 'image/jpeg' });
      // 10 s of 1080p30: a phone clip's pixels (static frames: small on disk)
      const video = blob(repeatedSkipFrameMp4({ width: 1920, height: 1080, fps: 30, frames: 300 }));
      const bombs: Array<[string, Blob]> = [
        ['8K 4:4:4 skip-frame MP4 (20,000 frames)', blob(skipFrame8kMp4())],
        ['"10-hour" 1 fps 720p MP4', blob(tenHourMp4())],
        ['100 MP interlaced PNG', blob(await interlacedPng(10_000, 10_000))],
        ['5,000-frame GIF', blob(await manyFrameGif(5000))],
        [
          '20 s 4K clip (legal, heavy)',
          blob(repeatedSkipFrameMp4({ width: 3840, height: 2160, fps: 30, frames: 600 })),
        ],
        ['drone-style MP4 (GPS in mov_text, SEI, udta)', blob(await droneMp4())],
      ];

      ctx.log('hostile-media: idle baseline');
      const idle = await visitorPair(app, await newVisitor(app.baseUrl, '198.51.100.7'), photo, video);

      ctx.log('hostile-media: under bombs');
      const peak = await watchPeakRss(app.pid);
      const toolsPeak = watchToolsRss(app.dataDir);
      const toolsCpuBefore = childrenCpuMs(app.pid);
      const bombRows = [];
      const accepted: number[] = [];
      const visitorRun = (async () => {
        await sleep(500);
        return visitorPair(app, await newVisitor(app.baseUrl, '198.51.100.8'), photo, video);
      })();
      for (const [i, [name, body]] of bombs.entries()) {
        const v = await newVisitor(app.baseUrl, `203.0.113.${10 + i}`);
        const before = (await cpuMs(app.pid)) ?? 0;
        const r = await postUpload(app.baseUrl, v, body, i === 2 ? 'bomb.png' : i === 3 ? 'bomb.gif' : 'bomb.mp4');
        if (r.id !== null) accepted.push(r.id);
        bombRows.push({
          bomb: name,
          KB: Math.round(body.size / 1024),
          status: r.status,
          answer: fmtMs(r.ms),
          'API CPU ms': ((await cpuMs(app.pid)) ?? 0) - before,
          message:
            r.status === 201 ? '' : String((JSON.parse(r.body) as { message?: string }).message ?? '').slice(0, 60),
        });
      }
      const loaded = await visitorRun;
      // the accepted bombs' renditions too: the location scan must see the drone clip's files
      const settled = await Promise.all(accepted.map((id) => untilReady(app, id)));
      const peakMb = await peak.stop();
      const toolsMb = toolsPeak.stop();
      const toolsCpuS = (childrenCpuMs(app.pid) - toolsCpuBefore) / 1000;
      ctx.report(bombRows, 'hostile-media: the bombs (each from its own address)');
      ctx.report(
        [
          {
            run: 'idle',
            'photo → preview': fmtMs(idle.preview ?? NaN),
            'video → playback': fmtMs(idle.playback ?? NaN),
          },
          {
            run: 'under bombs',
            'photo → preview': fmtMs(loaded.preview ?? NaN),
            'video → playback': fmtMs(loaded.playback ?? NaN),
          },
        ],
        `hostile-media: the visitor (targets: photo ≤ 10 s, video ≤ 30 s)`,
      );
      ctx.report(
        [
          {
            'API peak RSS MB (runs the jobs: embedded)': Math.round(peakMb),
            'tools peak RSS MB (summed)': Math.round(toolsMb),
            'tools CPU s (all renditions)': toolsCpuS.toFixed(1),
            'accepted items rendered': `${settled.filter((ms) => ms !== null).length} of ${accepted.length}`,
          },
        ],
        'hostile-media: memory and CPU (target: peak RSS ≤ 700 MB)',
      );
      const seen = await strangerBytes(app, DRONE_LEAKS);
      ctx.report(
        [
          {
            'items offered': seen.items,
            'files fetched': seen.files,
            'KB fetched': Math.round(seen.bytes / 1024),
            'originals served': seen.originalsServed,
            'location strings found': seen.leaks,
          },
        ],
        'hostile-media: every byte a stranger can fetch (target: 0 location strings, 0 originals)',
      );

      ctx.log('hostile-media: kill -9 of the API mid-transcode');
      const v = await newVisitor(app.baseUrl, '203.0.113.99');
      await postUpload(app.baseUrl, v, bombs[4]![1], 'heavy.mp4', { untilAccepted: true });
      const started = performance.now();
      while (toolsRunning(app.dataDir) === 0 && performance.now() - started < 120_000) await sleep(50);
      const running = toolsRunning(app.dataDir);
      process.kill(app.pid, 'SIGKILL');
      await sleep(30_000);
      ctx.report(
        [{ 'tools running at the kill': running, 'processes left 30 s after kill -9': toolsRunning(app.dataDir) }],
        'hostile-media: kill -9 (target 0 left)',
      );
    } finally {
      await app.close().catch(() => undefined);
      await rm(workDir, { recursive: true, force: true });
    }
  },
};
