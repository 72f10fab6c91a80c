import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from '../../config/env.js';
import { RedisThrottlerStorage } from './redis-throttler.storage.js';

/** The Redis-backed counters, or null without REDIS_URL; /api/health pings Redis through it. */
export const THROTTLE_STORAGE = Symbol('throttle-storage');

/**
 * Coarse per-IP flood guard on every route (sensitive routes have their own DB-backed limits).
 * Counters live in Redis when REDIS_URL is set, so all replicas share them.
 */
@Module({})
export class ThrottleModule implements OnApplicationShutdown {
  static register(config: AppConfig): DynamicModule {
    const storage = config.redisUrl
      ? RedisThrottlerStorage.connect(config.redisUrl, `${config.jobsPrefix}:throttle`)
      : null;
    return {
      module: ThrottleModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [{ name: 'default', ttl: 60_000, limit: config.rateLimitPerMinute }],
          storage: storage ?? undefined,
        }),
      ],
      providers: [
        { provide: THROTTLE_STORAGE, useValue: storage },
        { provide: APP_GUARD, useClass: ThrottlerGuard },
      ],
      exports: [THROTTLE_STORAGE],
    };
  }

  constructor(@Inject(THROTTLE_STORAGE) private readonly storage: RedisThrottlerStorage | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.storage?.close();
  }
}
