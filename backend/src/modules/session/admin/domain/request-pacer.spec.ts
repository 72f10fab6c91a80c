import { RequestPacer } from './request-pacer.js';

/** A clock whose time moves only when someone sleeps, plus extra lateness on chosen wake-ups. */
function fakeClock(lateBy: number[] = []) {
  let t = 10_000;
  return {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms + (lateBy.shift() ?? 0);
    },
  };
}

const departures = (pacer: RequestPacer, n: number) => Promise.all(Array.from({ length: n }, () => pacer.wait()));

describe('RequestPacer (one geocoder request per second)', () => {
  it('lets the first caller go at once and spaces the others by the interval, in arrival order', async () => {
    const clock = fakeClock();
    const at = await departures(new RequestPacer(1000, 20_000, clock), 4);
    expect(at).toEqual([10_000, 11_000, 12_000, 13_000]);
  });

  it('measures the gap from the real departure, so a late wake-up never shortens the next gap', async () => {
    const clock = fakeClock([300]); // the second caller wakes 300 ms late
    const at = await departures(new RequestPacer(1000, 20_000, clock), 3);
    expect(at).toEqual([10_000, 11_300, 12_300]);
  });

  it('refuses at once a caller who would wait longer than the maximum', async () => {
    const clock = fakeClock();
    const pacer = new RequestPacer(1000, 2500, clock);
    expect(await departures(pacer, 4)).toEqual([10_000, 11_000, 12_000, null]);
  });
});
