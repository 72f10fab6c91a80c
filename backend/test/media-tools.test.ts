import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { reapOrphanTools, sandboxed } from '../src/modules/media/renditions/infrastructure/run-tool.js';
import { pngImage, renditionsSettled, upload } from './fixtures/media-fixtures.js';
import { repeatedSkipFrameMp4 } from './fixtures/media-bombs.js';
import { processesWith } from '../bench/processes.js';
import { dbKind, startTestApp, type TestApp } from './support/test-app.js';
import { newVisitor } from './support/visitor.js';

/** Polls (every 50 ms) until `check` holds; fails after `ms`. */
async function until<T>(what: string, check: () => T | undefined | false, ms = 120_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe(`media tools are bounded and stop with their item (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('deleting an item mid-transcode kills its ffmpeg and stores nothing', async () => {
    // 20 s of 4K: within budget, and well over a minute of one core to transcode
    const clip = repeatedSkipFrameMp4({ width: 3840, height: 2160, fps: 30, frames: 600 });
    const v = await newVisitor(t);
    const res = await upload(v, clip, 'long.mp4').expect(201);
    const [tool] = await until('the transcode to start', () => {
      // argv[0] must be ffmpeg itself: until the wrappers (setpriv, prlimit, nice) have exec'd it,
      // the same pid still shows their command line and not yet the limits they set
      const found = processesWith(t.dataDir).filter((p) => /^\S*ffmpeg .*-i \S+original/.test(p.cmd));
      return found.length ? found : undefined;
    });
    // it runs sandboxed: its own process group, RLIMIT_CPU and RLIMIT_AS set, niced
    const limits = readFileSync(`/proc/${tool!.pid}/limits`, 'utf8');
    expect(limits).toMatch(/Max cpu time\s+\d+\s+\d+\s+seconds/);
    expect(limits).not.toMatch(/Max address space\s+unlimited/);
    await v.agent.delete(`/api/media/${res.body.id}`).query({ userId: v.id }).expect(200);
    // gone at once, not when the transcode would have ended
    await until('the tool to be gone', () => processesWith(t.dataDir).length === 0 || undefined, 30_000);
    const states = await renditionsSettled(t);
    expect(states.has(res.body.id)).toBe(false);
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM media WHERE id = $1`, [res.body.id]);
    expect(row.n).toBe(0);
  });
});

describe(`fair scheduling: one uploader's heavy videos do not hold back another's photo (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the photo is made after at most the one video already being made', async () => {
    const from = (ip: string) => (test: ReturnType<typeof upload>) => test.set('X-Forwarded-For', ip);
    const attacker = await newVisitor(t);
    const victim = await newVisitor(t);
    // within every budget, each a minute or more of one core
    const heavy = [0, 1, 2].map((i) => repeatedSkipFrameMp4({ width: 3840, height: 2160, fps: 30, frames: 600 + i }));
    const flood: number[] = [];
    for (const [i, clip] of heavy.entries())
      flood.push((await from('203.0.113.9')(upload(attacker, clip, `h${i}.mp4`)).expect(201)).body.id);
    const photo = (await from('198.51.100.7')(upload(victim, await pngImage(64, 48), 'mine.png')).expect(201)).body.id;
    const db = t.app.get(DataSource);
    const states = async () =>
      new Map(
        (
          (await db.query(`SELECT id, renditions_state FROM media WHERE id = ANY($1)`, [[...flood, photo]])) as Array<{
            id: number;
            renditions_state: string;
          }>
        ).map((r) => [r.id, r.renditions_state]),
      );
    let seen = new Map<number, string>();
    for (;;) {
      seen = await states();
      if (seen.get(photo) !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen.get(photo)).toBe('ready');
    // the photo waited for at most the video that was already running when it came
    expect(flood.filter((id) => seen.get(id) !== 'pending').length).toBeLessThanOrEqual(1);
    // the rest of the flood goes: deleting them stops their tools
    for (const id of flood) await attacker.agent.delete(`/api/media/${id}`).query({ userId: attacker.id }).expect(200);
    await renditionsSettled(t);
  }, 300_000);
});

describe('media tools die with the process that started them', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vibe-tools-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** An ffmpeg that runs until killed, reading nothing: marked by `tag` on its command line. */
  const endlessFfmpeg = (tag: string) => [
    ...['-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=s=320x240:r=30'],
    ...['-f', 'null', tag], // the null muxer opens no file: the name only marks the process
  ];

  it('kill -9 of the parent: the sandboxed ffmpeg is killed by the kernel at once', async () => {
    const tag = `orphan${process.pid}a`;
    const [program, argv] = sandboxed('ffmpeg', endlessFfmpeg(tag), {
      timeoutMs: 60_000,
      cpuSeconds: 60,
      memoryMb: 1024,
    });
    // a parent that starts the tool exactly as runTool does (own process group), then waits
    const parent = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn(${JSON.stringify(program)}, ${JSON.stringify(argv)}, { stdio: 'ignore', detached: true }); setInterval(() => {}, 1000);`,
      ],
      { stdio: 'ignore' },
    );
    await until('ffmpeg to run', () => processesWith(tag).some((p) => p.cmd.startsWith('ffmpeg')) || undefined);
    parent.kill('SIGKILL');
    await until('ffmpeg to die with its parent', () => processesWith(tag).length === 0 || undefined, 30_000);
  });

  it('the start-up reaper kills what a dead process of this host left, by its pid file', async () => {
    const tag = `orphan${process.pid}b`;
    // no parent-death signal here: as if the kernel's signal had not reached it
    const tool = spawn('ffmpeg', endlessFfmpeg(tag), { stdio: 'ignore', detached: true });
    await until('ffmpeg to run', () => processesWith(tag).length > 0 || undefined);
    const deadOwner = 2 ** 22 + 7; // above pid_max's default: no such process
    writeFileSync(path.join(dir, `${os.hostname()}-${deadOwner}-${tool.pid}`), 'ffmpeg');
    // a live owner's tools are left alone
    writeFileSync(path.join(dir, `${os.hostname()}-${process.pid === 1 ? 2 : 1}-999999`), 'ffmpeg');
    expect(reapOrphanTools(dir)).toBe(1);
    await until('ffmpeg to be killed', () => processesWith(tag).length === 0 || undefined, 30_000);
    expect(readdirSync(dir)).toEqual([`${os.hostname()}-${process.pid === 1 ? 2 : 1}-999999`]);
  });
});
