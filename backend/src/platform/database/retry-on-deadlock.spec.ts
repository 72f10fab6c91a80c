import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './retry-on-deadlock.js';

/** An error shaped like TypeORM's QueryFailedError around the driver's. */
const queryFailed = (code: string) => Object.assign(new Error('query failed'), { driverError: { code } });

describe('retryOnDeadlock', () => {
  it("runs a deadlock's victim again and answers its result", async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      if (++calls < 3) throw queryFailed('40P01');
      return 'done';
    });
    expect({ answer, calls }).toEqual({ answer: 'done', calls: 3 });
  });

  it('passes any other error on at once, and a deadlock after the last try', async () => {
    let calls = 0;
    await expect(
      retryOnDeadlock(() => {
        calls++;
        return Promise.reject(queryFailed('23505'));
      }),
    ).rejects.toThrow('query failed');
    expect(calls).toBe(1);
    await expect(retryOnDeadlock(() => Promise.reject(queryFailed('40P01')), 2)).rejects.toThrow('query failed');
  });
});
