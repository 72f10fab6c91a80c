import { Logger } from '@nestjs/common';
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
 * counts (the in-memory default would give each replica its own allowance). While Redis is
 * unreachable the guard fails open: requests are served uncounted, because a coarse flood guard
 * must not take the whole site down with it. One line when Redis goes away, one when it is back.
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('Throttle');
  private down = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** A client that fails fast: no queue of commands waiting for a reconnect, no request held up. */
  static connect(redisUrl: string, prefix: string): RedisThrottlerStorage {
    return new RedisThrottlerStorage(
      new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 }),
      prefix,
    ).watch();
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    const base = `${this.prefix}:${throttlerName}:${key}`;
    let reply: [number, number, number];
    try {
      reply = (await this.redis.eval(
        SCRIPT,
        2,
        `${base}:hits`,
        `${base}:blocked`,
        String(ttl),
        String(limit),
        String(blockDuration || ttl),
      )) as [number, number, number];
    } catch (err) {
      this.warnUnreachable(err as Error);
      return { totalHits: 0, timeToExpire: 0, isBlocked: false, timeToBlockExpire: 0 };
    }
    const [hits, timeToExpire, blockTtl] = reply;
    const isBlocked = blockTtl > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(timeToExpire / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockTtl / 1000) : 0,
    };
  }

  /** For /api/health: rejects while Redis is unreachable. */
  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    // QUIT needs a live connection; while Redis is away just drop the socket
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private watch(): this {
    // without a listener ioredis prints every failed reconnect as an unhandled error event
    this.redis.on('error', (err: Error) => this.warnUnreachable(err));
    this.redis.on('ready', () => {
      if (this.down)
        this.logger.log({
          msg: 'Redis is available again: requests are counted again',
          dependency: 'redis',
          outage: 'ended',
        });
      this.down = false;
    });
    return this;
  }

  private warnUnreachable(err: Error): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn({
      msg: `Redis unreachable (${err.message}): requests are served uncounted until it is back`,
      dependency: 'redis',
      outage: 'started',
    });
  }
}
