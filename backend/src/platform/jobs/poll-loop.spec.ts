import { PollLoop } from './poll-loop.js';

/** A look the test finishes by hand, counting how many ran and how many at once. */
function gatedLook() {
  const state = { runs: 0, active: 0, maxActive: 0, release: [] as Array<() => void> };
  const look = () => {
    state.runs++;
    state.active++;
    state.maxActive = Math.max(state.maxActive, state.active);
    return new Promise<void>((resolve) =>
      state.release.push(() => {
        state.active--;
        resolve();
      }),
    );
  };
  const finishOne = async () => {
    state.release.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { state, look, finishOne };
}

describe('PollLoop', () => {
  it('looks at start, never twice at once, and once more for any kicks during a look', async () => {
    const { state, look, finishOne } = gatedLook();
    const loop = new PollLoop(look, () => {});
    loop.start(60_000);
    expect(state.runs).toBe(1);
    loop.kick();
    loop.kick();
    loop.kick();
    expect(state.runs).toBe(1);
    await finishOne();
    expect(state.runs).toBe(2); // the three kicks, coalesced
    await finishOne();
    expect(state.runs).toBe(2);
    expect(state.maxActive).toBe(1);
    await loop.stop();
  });

  it('does nothing before start or after stop, and stop waits for the look under way', async () => {
    const { state, look, finishOne } = gatedLook();
    const loop = new PollLoop(look, () => {});
    loop.kick();
    expect(state.runs).toBe(0);
    loop.start(60_000);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    expect(loop.stopped).toBe(true);
    await finishOne();
    await stopping;
    loop.kick();
    loop.start(60_000);
    expect(state.runs).toBe(1);
  });

  it('reports a failed look and keeps looking; a failure while stopping is not reported', async () => {
    const errors: string[] = [];
    let fail = true;
    let runs = 0;
    const loop = new PollLoop(
      () => {
        runs++;
        return fail ? Promise.reject(new Error('db down')) : Promise.resolve();
      },
      (err) => errors.push(err.message),
    );
    loop.start(60_000);
    await new Promise((r) => setImmediate(r));
    fail = false;
    loop.kick();
    await new Promise((r) => setImmediate(r));
    expect([runs, errors]).toEqual([2, ['db down']]);
    fail = true;
    loop.kick();
    await loop.stop();
    expect(errors).toEqual(['db down']);
  });

  it('looks again on its timer', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const loop = new PollLoop(
        async () => void runs++,
        () => {},
      );
      loop.start(1_000);
      await vi.advanceTimersByTimeAsync(3_050);
      expect(runs).toBe(4);
      await loop.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
