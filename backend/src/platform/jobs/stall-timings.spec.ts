import { stallTimings } from './bullmq-job-queue.js';

describe('BullMQ take-over timing', () => {
  it('a killed worker’s job is taken over about JOBS_LOCK_MS after its last lock renewal (at most 1.25×)', () => {
    for (const lock of [3_000, 30_000, 120_000]) {
      const { lockDuration, stalledInterval } = stallTimings(lock);
      expect(lockDuration).toBe(lock);
      // worst case: the lock expires just after a check, the next check finds it
      expect(lockDuration + stalledInterval).toBeLessThanOrEqual(lock * 1.25);
    }
  });
});
