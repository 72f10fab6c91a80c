import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { Budget, type Charge, type Receipt, type TakeResult } from './budget.js';

// All or nothing over every counter, on Redis's clock: a counter is a hash (used, resets) that
// expires when its window ends. Answers {1, end1, end2…} or {0, index refused, ms to wait}.
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local used, ends = {}, {}
for i, key in ipairs(KEYS) do
  local window, limit, amount = tonumber(ARGV[3*i-2]), tonumber(ARGV[3*i-1]), tonumber(ARGV[3*i])
  local v = redis.call('HMGET', key, 'used', 'resets')
  local u, r = tonumber(v[1]) or 0, tonumber(v[2]) or 0
  if r <= now then u = 0; r = now + window end
  if u + amount > limit then
    if amount > limit then return {0, i, window} end
    return {0, i, r - now}
  end
  used[i] = u + amount
  ends[i] = r
end
local answer = {1}
for i, key in ipairs(KEYS) do
  redis.call('HSET', key, 'used', used[i], 'resets', ends[i])
  redis.call('PEXPIREAT', key, ends[i])
  answer[i + 1] = ends[i]
end
return answer
`;

// Gives back each amount, only in the window it was spent in
const REFUND = `
for i, key in ipairs(KEYS) do
  local v = redis.call('HMGET', key, 'used', 'resets')
  if v[2] and tonumber(v[2]) == tonumber(ARGV[2*i-1]) then
    local u = (tonumber(v[1]) or 0) - tonumber(ARGV[2*i])
    if u < 0 then u = 0 end
    redis.call('HSET', key, 'used', u)
  end
end
return 1
`;

// TAKE's test for one counter, changing nothing: ms to wait (0: it could be spent now)
const WAIT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window, limit, amount = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if amount > limit then return window end
local v = redis.call('HMGET', KEYS[1], 'used', 'resets')
local u, r = tonumber(v[1]) or 0, tonumber(v[2]) or 0
if r <= now or u + amount <= limit then return 0 end
return r - now
`;

/**
 * The budget's counters in Redis (REDIS_URL): every API replica spends from the same counters,
 * each take one Lua script, so it is atomic across replicas. While Redis is unreachable takes
 * pass uncounted, like the flood guard: quotas must not take the site down with Redis (one line
 * when it goes, one when it is back).
 */
export class RedisBudget extends Budget {
  private readonly logger = new Logger('Budget');
  private down = false;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    redis.on('error', (err: Error) => this.unreachable(err));
    redis.on('ready', () => {
      if (this.down)
        this.logger.log({
          msg: 'Redis is available again: quotas are counted again',
          dependency: 'redis',
          outage: 'ended',
        });
      this.down = false;
    });
  }

  static connect(redisUrl: string, prefix: string): RedisBudget {
    return new RedisBudget(
      new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 }),
      prefix,
    );
  }

  async take(charges: readonly Charge[]): Promise<TakeResult> {
    let reply: number[];
    try {
      reply = (await this.redis.eval(
        TAKE,
        charges.length,
        ...charges.map((c) => `${this.prefix}:${c.key}`),
        ...charges.flatMap((c) => [String(c.windowMs), String(c.limit), String(c.amount)]),
      )) as number[];
    } catch (err) {
      this.unreachable(err as Error);
      return { ok: true, receipt: { charges: [], windowEnds: [] } };
    }
    if (reply[0] === 1) return { ok: true, receipt: { charges, windowEnds: reply.slice(1).map(Number) } };
    return { ok: false, refused: charges[Number(reply[1]) - 1]!, retryAfterMs: Number(reply[2]) };
  }

  async refund(receipt: Receipt): Promise<void> {
    if (!receipt.charges.length) return;
    try {
      await this.redis.eval(
        REFUND,
        receipt.charges.length,
        ...receipt.charges.map((c) => `${this.prefix}:${c.key}`),
        ...receipt.charges.flatMap((c, i) => [String(receipt.windowEnds[i]), String(c.amount)]),
      );
    } catch (err) {
      this.unreachable(err as Error);
    }
  }

  async waitMs(c: Charge): Promise<number> {
    try {
      const wait = await this.redis.eval(
        WAIT,
        1,
        `${this.prefix}:${c.key}`,
        String(c.windowMs),
        String(c.limit),
        String(c.amount),
      );
      return Number(wait);
    } catch (err) {
      // as take(): while Redis is away nothing is counted, so nothing has to wait
      this.unreachable(err as Error);
      return 0;
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  private unreachable(err: Error): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn({
      msg: `Redis unreachable (${err.message}): quotas are not counted until it is back`,
      dependency: 'redis',
      outage: 'started',
    });
  }
}
