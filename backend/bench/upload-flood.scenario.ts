import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { cpuMs } from './app-process.js';
import type { BenchApp, Scenario } from './context.js';
import { percentile } from './phone-browser.js';
import { fmtMs } from './report.js';
import { writeJpeg, writeMp4 } from './upload-files.js';
import { newVisitor, postUpload, tryNewVisitor, type BenchVisitor as Visitor } from './visitor-client.js';

/** Issue 20's flood: one address sends this many heavy GIFs at once, again as soon as each is answered. */
const ATTACKERS = 30;
const SMALL_UPLOADS = 12;
/** The attacker's and the victim's addresses, named through X-Forwarded-For (loopback is a trusted proxy). */
const ATTACKER_IP = '203.0.113.66';
const VICTIM_IP = '198.51.100.7';
const PREVIEW_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The heaviest animation the upload rules accept: 500 frames of 316×316 (49.9 MP in all, under
 * the 50 MP cap), each frame a different flat colour with a stripe so the GIF stays small on the
 * wire (≈ 1.3 MB) while every frame must be decoded, composited and re-encoded into renditions.
 */
async function heavyGif(file: string): Promise<Blob> {
  const side = 316;
  const frames = 500;
  const px = Buffer.alloc(side * side * frames * 3);
  for (let f = 0; f < frames; f++)
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const i = ((f * side + y) * side + x) * 3;
        const stripe = (x + f) % 64 < 8 ? 255 : 0;
        px[i] = (f * 37) % 256;
        px[i + 1] = stripe;
        px[i + 2] = (f * 91) % 256;
      }
  const gif = await sharp(px, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } })
    .gif({ delay: Array(frames).fill(40) as number[], loop: 0 })
    .toBuffer();
  await writeFile(file, gif);
  return new Blob([gif], { type: 'image/gif' });
}

/** A file of `boxes` empty top-level ISO BMFF boxes after a real header: an upload check that walks them one by one burns minutes. */
function boxBomb(boxes: number): Blob {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const empty = Buffer.alloc(8);
  empty.writeUInt32BE(8, 0);
  empty.write('free', 4, 'latin1');
  const body = Buffer.alloc(8 * boxes);
  for (let i = 0; i < boxes; i++) empty.copy(body, i * 8);
  return new Blob([ftyp, body], { type: 'video/mp4' });
}

/**
 * The victim's small uploads, one a second: the time to each 201, and from each 201 to the moment
 * the owner's My Stats answer carries its preview rendition (polled meanwhile; at most
 * PREVIEW_TIMEOUT_MS after the last upload, a preview not made by then counts as missing).
 */
async function smallUploads(app: BenchApp, victim: Visitor, jpeg: Blob, count: number) {
  const answered: number[] = [];
  const statuses: number[] = [];
  const waiting = new Map<number, number>();
  const previews: number[] = [];
  const poll = async () => {
    const res = await fetch(`${app.baseUrl}/api/users/${victim.id}/stats`, {
      headers: { cookie: victim.cookie, 'x-forwarded-for': victim.ip! },
    });
    if (!res.ok) return;
    const { mediaStats } = (await res.json()) as { mediaStats: { id: number; previewUrl?: string | null }[] };
    for (const m of mediaStats) {
      const since = waiting.get(m.id);
      if (since !== undefined && m.previewUrl) {
        previews.push(performance.now() - since);
        waiting.delete(m.id);
      }
    }
  };
  let uploading = true;
  const poller = (async () => {
    let deadline = Infinity;
    while (uploading || (waiting.size && performance.now() < deadline)) {
      if (!uploading && deadline === Infinity) deadline = performance.now() + PREVIEW_TIMEOUT_MS;
      await poll();
      await sleep(200);
    }
  })();
  for (let i = 0; i < count; i++) {
    const r = await postUpload(app.baseUrl, victim, jpeg, `small-${i}.jpg`);
    statuses.push(r.status);
    if (r.id !== null) {
      answered.push(r.ms);
      waiting.set(r.id, performance.now());
    }
    await sleep(1000);
  }
  uploading = false;
  await poller;
  return { answered, previews, statuses, missing: waiting.size };
}

const countBy = (xs: number[]) =>
  [...xs.reduce((m, s) => m.set(s, (m.get(s) ?? 0) + 1), new Map<number, number>())]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');

/**
 * Issue 20 item 1's target: another visitor's 300 KB JPEG stays fast (answer p95 ≤ 2 s) while one
 * address keeps 30 of the heaviest accepted GIFs in flight; and item 5's: any MP4, a 20 MB box bomb
 * included, is decided in ≤ 1 s of API CPU.
 */
export const uploadFlood: Scenario = {
  name: 'upload-flood',
  description: `a 300 KB JPEG upload alone and while one address keeps ${ATTACKERS} heavy GIFs in flight; API CPU to decide a 19 MB MP4 and a 20 MB box bomb`,
  async run(ctx) {
    const workDir = await mkdtemp(path.join(os.tmpdir(), 'vibe-bench-flood-'));
    const app = await ctx.startApp({
      label: 'upload-flood',
      media: 1,
      votes: 0,
      // the flood must meet the upload gate, not the per-address request budgets in front of it
      env: { RATE_LIMIT_PER_MINUTE: '10000000' },
    });
    try {
      ctx.log('upload-flood: writing the files');
      const jpegPath = path.join(workDir, 'small.jpg');
      const jpegBytes = await writeJpeg(jpegPath, 300_000, 1600, 1200);
      const jpeg = new Blob([await readFile(jpegPath)], { type: 'image/jpeg' });
      const gif = await heavyGif(path.join(workDir, 'heavy.gif'));
      const mp4Path = path.join(workDir, 'clip.mp4');
      await writeMp4(mp4Path, 19_000_000);
      const mp4 = new Blob([await readFile(mp4Path)], { type: 'video/mp4' });
      const bomb = boxBomb(2_500_000);

      const victim = await newVisitor(app.baseUrl, VICTIM_IP);
      await smallUploads(app, victim, jpeg, 1); // warm-up: module loading, sharp's first run
      ctx.log(`upload-flood: ${SMALL_UPLOADS} small uploads alone`);
      const alone = await smallUploads(app, victim, jpeg, SMALL_UPLOADS);

      const attackers: Visitor[] = [];
      for (let i = 0; i < ATTACKERS; i++) {
        const v = await tryNewVisitor(app.baseUrl, ATTACKER_IP);
        if (v) attackers.push(v);
      }
      if (!attackers.length) throw new Error('the attacking address could not get a single session');
      let flooding = true;
      const floodStatuses: number[] = [];
      const flood = Array.from({ length: ATTACKERS }, async (_, i) => {
        while (flooding) {
          const r = await postUpload(app.baseUrl, attackers[i % attackers.length]!, gif, `heavy-${i}.gif`).catch(
            () => null,
          );
          floodStatuses.push(r?.status ?? 0);
          if (r?.status !== 201) await sleep(250); // an attacker ignores Retry-After, but not to the point of a hot loop
        }
      });
      await sleep(3000); // the flood is in full swing before the victim starts
      ctx.log(
        `upload-flood: ${SMALL_UPLOADS} small uploads while ${ATTACKERS} GIF uploads from one address are in flight`,
      );
      const cpuBefore = (await cpuMs(app.pid)) ?? NaN;
      const flooded = await smallUploads(app, victim, jpeg, SMALL_UPLOADS);
      const floodCpu = ((await cpuMs(app.pid)) ?? NaN) - cpuBefore;
      flooding = false;
      await Promise.all(flood);

      const row = (label: string, r: Awaited<ReturnType<typeof smallUploads>>) => ({
        victim: label,
        uploads: countBy(r.statuses),
        'answer p50': `${fmtMs(percentile(r.answered, 0.5))} ms`,
        'answer p95': `${fmtMs(percentile(r.answered, 0.95))} ms`,
        'answer → preview p50': `${fmtMs(percentile(r.previews, 0.5))} ms`,
        'answer → preview p95': `${fmtMs(percentile(r.previews, 0.95))} ms`,
        'previews missing': r.missing,
      });
      ctx.report(
        [
          row('alone', alone),
          {
            ...row(`during the flood (${ATTACKERS} GIFs from one address)`, flooded),
            'flood answers': countBy(floodStatuses),
            'API CPU s': (floodCpu / 1000).toFixed(1),
          },
        ],
        `Upload flood · the victim uploads a ${(jpegBytes / 1e6).toFixed(2)} MB 1600×1200 JPEG, one after another, ` +
          `from ${VICTIM_IP}; the attacker keeps ${ATTACKERS} uploads of a ${(gif.size / 1e6).toFixed(2)} MB GIF ` +
          `(500 frames of 316×316, 49.9 MP, the most the rules accept) in flight from ${ATTACKER_IP} · goal: answer p95 ≤ 2 s`,
      );

      const mp4Rows = [];
      for (const [label, body] of [
        ['19 MB MP4 (moov first)', mp4],
        [`${(bomb.size / 1e6).toFixed(1)} MB box bomb (2.5 M empty boxes)`, bomb],
      ] as const) {
        const v = await newVisitor(app.baseUrl, `192.0.2.${mp4Rows.length + 10}`);
        const before = (await cpuMs(app.pid)) ?? NaN;
        const r = await postUpload(app.baseUrl, v, body, 'clip.mp4');
        mp4Rows.push({
          file: label,
          answer: r.status,
          'answered in': `${fmtMs(r.ms)} ms`,
          'API CPU': `${fmtMs(((await cpuMs(app.pid)) ?? NaN) - before)} ms`,
        });
      }
      ctx.report(mp4Rows, 'MP4 check · API CPU to decide one upload (receiving it included) · goal: ≤ 1 s of CPU');
    } finally {
      await app.close();
      await rm(workDir, { recursive: true, force: true });
    }
  },
};
