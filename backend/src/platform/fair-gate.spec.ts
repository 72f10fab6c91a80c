import { DomainError } from './domain-error.js';
import { FairGate } from './fair-gate.js';

const messages = { tooMany: 'yours are still running', busy: 'everyone is busy' };

/** A task that runs until released, recording when it started. */
function controllable(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return { task: async () => (log.push(name), await done, name), finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('FairGate', () => {
  it('runs at most `concurrency` tasks and at most one per key, handing a free slot to another key first', async () => {
    const gate = new FairGate({ concurrency: 1, maxWaiting: 10, maxPerKey: 5 }, messages);
    const log: string[] = [];
    const a1 = controllable(log, 'a1');
    const a2 = controllable(log, 'a2');
    const b1 = controllable(log, 'b1');
    const runs = [
      gate.run(['a'], undefined, a1.task),
      gate.run(['a'], undefined, a2.task),
      gate.run(['b'], undefined, b1.task),
    ];
    await tick();
    expect(log).toEqual(['a1']);
    a1.finish();
    await tick();
    // a2 came first, but b's task was waiting too: the slot goes in arrival order to a startable task
    expect(log).toEqual(['a1', 'a2']);
    a2.finish();
    await tick();
    expect(log).toEqual(['a1', 'a2', 'b1']);
    b1.finish();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'b1']);
  });

  it("lets another key's task run beside a flood of one key", async () => {
    const gate = new FairGate({ concurrency: 2, maxWaiting: 10, maxPerKey: 5 }, messages);
    const log: string[] = [];
    const flood = [1, 2, 3].map((i) => controllable(log, `flood${i}`));
    const floodRuns = flood.map((f) => gate.run(['attacker'], undefined, f.task));
    await tick();
    const visitor = controllable(log, 'visitor');
    const visitorRun = gate.run(['visitor'], undefined, visitor.task);
    await tick();
    // one slot holds the attacker's first task; the attacker's others wait, the visitor takes the second slot
    expect(log).toEqual(['flood1', 'visitor']);
    visitor.finish();
    expect(await visitorRun).toBe('visitor');
    flood.forEach((f) => f.finish());
    await Promise.all(floodRuns);
  });

  it('refuses at once, with Retry-After, a key over its share (429) and anyone when the queue is full (503)', async () => {
    const gate = new FairGate({ concurrency: 1, maxWaiting: 2, maxPerKey: 2 }, messages);
    const log: string[] = [];
    const held = [controllable(log, 'a1'), controllable(log, 'a2')];
    const runs = held.map((h) => gate.run(['a'], undefined, h.task));
    const third = gate.run(['a'], undefined, async () => 'never');
    await expect(third).rejects.toMatchObject({
      code: 'rate_limited',
      message: messages.tooMany,
      retryAfterSeconds: 5,
    });
    const b = gate.run(['b'], undefined, async () => 'b');
    const c = gate.run(['c'], undefined, async () => 'c');
    await expect(c).rejects.toBeInstanceOf(DomainError);
    await expect(c).rejects.toMatchObject({ code: 'unavailable', message: messages.busy, retryAfterSeconds: 10 });
    held.forEach((h) => h.finish());
    expect(await Promise.all([...runs, b])).toEqual(['a1', 'a2', 'b']);
    expect(gate.queued).toBe(0);
  });

  it('drops a waiting task whose caller went away, without running it', async () => {
    const gate = new FairGate({ concurrency: 1, maxWaiting: 5, maxPerKey: 5 }, messages);
    const log: string[] = [];
    const first = controllable(log, 'first');
    const running = gate.run(['a'], undefined, first.task);
    const gone = new AbortController();
    const dropped = gate.run(['b'], gone.signal, async () => (log.push('dropped'), 'dropped'));
    await tick();
    gone.abort(new Error('client closed the connection'));
    await expect(dropped).rejects.toThrow('client closed the connection');
    expect(gate.queued).toBe(0);
    first.finish();
    await running;
    expect(log).toEqual(['first']);
    // the key's share was given back
    expect(await gate.run(['b'], undefined, async () => 'b again')).toBe('b again');
  });
});
