import { BackgroundWork } from '../src/platform/background-work.js';
import { dbKind, startTestApp } from './support/test-app.js';
import { dropQueues, testRedisUrl, uniquePrefix } from './support/worker-process.js';

// on the PostgreSQL pass with Redis, the queue is BullMQ's: its workers are background work too
const redisUrl = process.env.DATABASE_URL ? testRedisUrl : undefined;

/**
 * Every loop, timer, queue worker and listener a process runs in the background registers with
 * BackgroundWork, and app.close() (what SIGTERM runs) stops all of them there: none is left running
 * and none of their interval timers is left to keep the process alive.
 */
describe(`closing the app stops all background work (${dbKind}${redisUrl ? ', Redis' : ''})`, () => {
  afterEach(() => vi.restoreAllMocks());

  it('every registered loop reports stopped and every interval timer started since is cleared', async () => {
    const started = new Set<unknown>();
    const cleared = new Set<unknown>();
    const realSet = globalThis.setInterval;
    const realClear = globalThis.clearInterval;
    vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
      const timer = realSet(...args);
      started.add(timer);
      return timer;
    }) as typeof setInterval);
    vi.spyOn(globalThis, 'clearInterval').mockImplementation(((timer: Parameters<typeof clearInterval>[0]) => {
      cleared.add(timer);
      realClear(timer);
    }) as typeof clearInterval);

    const metricsPort = 40_000 + Math.floor(Math.random() * 20_000);
    const prefix = uniquePrefix('shutdown');
    const t = await startTestApp({
      METRICS_PORT: String(metricsPort),
      RUN_JOBS: 'true',
      ...(redisUrl ? { REDIS_URL: redisUrl, JOBS_PREFIX: prefix } : {}),
    });
    const work = t.app.get(BackgroundWork);
    const expected = [
      'intake:magic-link sender',
      'intake:geocoder',
      'intake:orphan sweep',
      'jobs:running jobs',
      'workers:process heartbeat',
      'workers:metrics listener',
      'last:outage probes',
      ...(redisUrl
        ? ['workers:bullmq worker import-media']
        : ['intake:job poll', 'workers:budget sweeper', 'last:throttle sweeper']),
    ];
    expect(work.running()).toEqual(expect.arrayContaining(expected));
    expect(started.size).toBeGreaterThan(0);

    await t.close();
    if (redisUrl) await dropQueues(redisUrl, prefix);

    expect(work.registered()).toEqual(expect.arrayContaining(expected));
    expect(work.running()).toEqual([]);
    const left = [...started].filter((timer) => !cleared.has(timer));
    expect(left).toHaveLength(0);
  });
});
