import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../background-work.js';
import { OutageLog } from '../logging/outage-log.js';
import { MemoryThrottlerStorage } from './memory-throttler.storage.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

/** The Redis-backed counters, or null without REDIS_URL; /api/health pings Redis through it. */
export const THROTTLE_STORAGE = Symbol('throttle-storage');

/**
 * Coarse per-IP flood guard on every route (sensitive routes have their own DB-backed limits).
 * Counters live in Redis when REDIS_URL is set, so all replicas share them; in this process otherwise.
 * One counter per address (IPv6 by its /64) for all routes together: Nest's default key names the
 * route too, which gave an address the limit once per route (issue 20: 2,400 requests to 4 routes
 * in 5 s at a limit of 600 a minute).
 */
@Module({})
export class ThrottleModule implements OnApplicationShutdown {
  static register(config: AppConfig): DynamicModule {
    const storage = config.redisUrl
      ? RedisThrottlerStorage.connect(config.redisUrl, `${config.jobsPrefix}:throttle`)
      : null;
    const memory = storage ? null : new MemoryThrottlerStorage();
    return {
      module: ThrottleModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimitPerMinute }],
          storage: storage ?? memory!,
          generateKey: (_context, tracker, name) => `${name}:${tracker}`,
        }),
      ],
      providers: [
        { provide: THROTTLE_STORAGE, useValue: storage },
        { provide: MemoryThrottlerStorage, useValue: memory },
        { provide: APP_GUARD, useClass: ThrottlerGuard },
      ],
      exports: [THROTTLE_STORAGE],
    };
  }

  constructor(
    @Inject(THROTTLE_STORAGE) private readonly storage: RedisThrottlerStorage | null,
    @Inject(MemoryThrottlerStorage) memory: MemoryThrottlerStorage | null,
    work: BackgroundWork,
    outages: OutageLog,
  ) {
    // the API's own probe of Redis (health, metrics, the outage lines), whether or not it runs jobs
    if (storage) outages.probe('redis', () => storage.ping());
    // the sweeper serves requests: it stops after the HTTP server closed
    if (memory) work.register('throttle sweeper', 'last', () => memory.close());
  }

  /** The Redis client is a connection, not background work. */
  async onApplicationShutdown(): Promise<void> {
    await this.storage?.close();
  }
}
