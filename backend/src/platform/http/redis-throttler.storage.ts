import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

// INCR the window counter, set its expiry on first hit, and read the block marker, atomically
const SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blocked = redis.call('PTTL', KEYS[2])
if blocked <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blocked = tonumber(ARGV[3])
end
return {hits, ttl, blocked}
`;

/**
 * Request throttle counters in Redis when REDIS_URL is set, so every API replica sees the same
 * counts (the in-memory default would give each replica its own allowance).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const base = `${this.prefix}:${throttlerName}:${key}`;
    const [hits, timeToExpire, blockTtl] = (await this.redis.eval(
      SCRIPT,
      2,
      `${base}:hits`,
      `${base}:blocked`,
      String(ttl),
      String(limit),
      String(blockDuration || ttl),
    )) as [number, number, number];
    const isBlocked = blockTtl > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(timeToExpire / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockTtl / 1000) : 0,
    };
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
