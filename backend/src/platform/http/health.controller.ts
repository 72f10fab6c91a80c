import { Controller, Get, HttpException, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ObjectStorage } from '../storage/object-storage.js';
import type { RedisThrottlerStorage } from './redis-throttler.storage.js';
import { THROTTLE_STORAGE } from './throttle.module.js';

@ApiTags('health')
@SkipThrottle()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly storage: ObjectStorage,
    @Inject(THROTTLE_STORAGE) private readonly redis: RedisThrottlerStorage | null,
  ) {}

  /**
   * 200 when every dependency answers; 503 naming the one that does not. Redis counts too (job
   * queues, shared throttle) although visitor routes keep working without it: this is a
   * readiness report for monitoring, not a liveness probe to restart on.
   */
  @Get()
  @HealthCheck()
  async check(@Res({ passthrough: true }) res: Response): Promise<unknown> {
    try {
      return await this.run();
    } catch (err) {
      // the report itself (which dependency is down), not the generic error shape
      if (!(err instanceof HttpException)) throw err;
      res.status(err.getStatus());
      return err.getResponse();
    }
  }

  private run() {
    return this.health.check([
      () => this.db.pingCheck('database').withTimeout(3000),
      () =>
        this.indicators
          .check('storage')
          .attempt(async () => {
            await this.storage.ping();
            return { provider: this.storage.provider };
          })
          .withTimeout(3000),
      ...(this.redis ? [() => this.redisCheck(this.redis!)] : []),
    ]);
  }

  private redisCheck(redis: RedisThrottlerStorage) {
    return this.indicators
      .check('redis')
      .attempt(() => redis.ping())
      .withTimeout(3000);
  }
}
