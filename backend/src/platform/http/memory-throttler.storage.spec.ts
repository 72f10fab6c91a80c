import { MemoryThrottlerStorage } from './memory-throttler.storage.js';

describe('MemoryThrottlerStorage', () => {
  let clock: number;
  let storage: MemoryThrottlerStorage;
  beforeEach(() => {
    clock = 1_000_000;
    storage = new MemoryThrottlerStorage(() => clock);
  });
  afterEach(() => storage.close());

  const hit = (key = 'ip-a', limit = 3) => storage.increment(key, 60_000, limit, 0, 'default');

  it('counts each key on its own and blocks past the limit until the window ends', async () => {
    expect((await hit()).totalHits).toBe(1);
    await hit();
    expect(await hit()).toMatchObject({ totalHits: 3, isBlocked: false, timeToExpire: 60 });
    expect((await hit('ip-b')).totalHits).toBe(1);
    clock += 15_000;
    expect(await hit()).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 60 });
    clock += 59_999;
    expect((await hit()).isBlocked).toBe(true);
    clock += 1;
    expect((await hit()).isBlocked).toBe(false);
  });

  it('starts the count again when the window ends', async () => {
    await hit();
    await hit();
    clock += 59_999;
    expect((await hit()).totalHits).toBe(3);
    clock += 1;
    expect(await hit()).toMatchObject({ totalHits: 1, timeToExpire: 60 });
  });

  it('holds a block for its own duration when one is set', async () => {
    for (let i = 0; i < 3; i++) await storage.increment('k', 10_000, 2, 30_000, 'default');
    clock += 10_000;
    // a new window, but the block set by the third hit still runs for 20 s
    expect(await storage.increment('k', 10_000, 2, 30_000, 'default')).toMatchObject({
      totalHits: 1,
      isBlocked: true,
      timeToBlockExpire: 20,
    });
  });

  it('forgets ended windows, so idle clients leave nothing behind', async () => {
    for (let i = 0; i < 1000; i++) await hit(`ip-${i}`);
    await hit('ip-blocked', 0);
    storage.sweep();
    expect(storage.size).toBe(1001);
    clock += 60_000;
    storage.sweep();
    // ip-blocked's block (60 s from its hit) ends with its window too
    expect(storage.size).toBe(0);
  });
});
