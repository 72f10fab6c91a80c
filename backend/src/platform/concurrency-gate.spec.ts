import { ConcurrencyGate } from './concurrency-gate.js';

/** A task the test finishes by hand, recording when it started. */
function manualTask(started: string[], name: string) {
  let finish!: (ok: boolean) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = (ok) => (ok ? resolve(name) : reject(new Error(`${name} failed`)));
  });
  return {
    finish,
    run: () => {
      started.push(name);
      return done;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('ConcurrencyGate', () => {
  it('runs at most its limit at once; the rest start in arrival order as slots free up', async () => {
    const gate = new ConcurrencyGate(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((n) => manualTask(started, n));
    const results = tasks.map((t) => gate.run(t.run));
    await settle();
    expect(started).toEqual(['a', 'b']);

    tasks[1]!.finish(true);
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);

    tasks[0]!.finish(true);
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);

    tasks[2]!.finish(true);
    tasks[3]!.finish(true);
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a failing task frees its slot and its caller gets the error', async () => {
    const gate = new ConcurrencyGate(1);
    const started: string[] = [];
    const first = manualTask(started, 'first');
    const second = manualTask(started, 'second');
    const failed = gate.run(first.run);
    const next = gate.run(second.run);
    await settle();
    expect(started).toEqual(['first']);

    first.finish(false);
    await expect(failed).rejects.toThrow('first failed');
    await settle();
    expect(started).toEqual(['first', 'second']);
    second.finish(true);
    await expect(next).resolves.toBe('second');
  });

  it('after a queue drains, up to the limit run at once again', async () => {
    const gate = new ConcurrencyGate(2);
    const started: string[] = [];
    const early = ['a', 'b', 'c'].map((n) => manualTask(started, n));
    const runs = early.map((t) => gate.run(t.run));
    for (const t of early) t.finish(true);
    await Promise.all(runs);

    const late = ['x', 'y', 'z'].map((n) => manualTask(started, n));
    const lateRuns = late.map((t) => gate.run(t.run));
    await settle();
    expect(started.slice(3)).toEqual(['x', 'y']);
    for (const t of late) t.finish(true);
    await Promise.all(lateRuns);
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyGate(0)).toThrow('whole limit ≥ 1');
    expect(() => new ConcurrencyGate(1.5)).toThrow('whole limit ≥ 1');
  });
});
