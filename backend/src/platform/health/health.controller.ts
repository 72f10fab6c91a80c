import { Controller, Get, HttpException, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckService, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Response } from 'express';
import { RETRY_AFTER_SECONDS } from '../http/error.filter.js';
import { HealthChecks } from './health-checks.js';

/**
 * Three views of one set of checks:
 * - `live`: the process answers (a container restarts on this only);
 * - `ready`: database and object storage answer (503 otherwise, and while stopping: take this
 *   replica out of the load balancer); Redis and mail are reported `degraded`, still 200;
 * - the monitoring report (`/api/health`): the same plus who runs jobs (heartbeats), how long
 *   mail and jobs have waited, the backlogs, and the running version. 503 only when readiness fails.
 */
@ApiTags('health')
@SkipThrottle()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly checks: HealthChecks,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck()
  ready(@Res({ passthrough: true }) res: Response): Promise<unknown> {
    return this.answer(res, this.checks.readiness());
  }

  @Get()
  @HealthCheck()
  async report(@Res({ passthrough: true }) res: Response): Promise<unknown> {
    const [result, backlogs] = await Promise.all([
      this.answer(res, this.checks.report()),
      this.checks.backlogReadings(),
    ]);
    return { ...(result as object), ...this.checks.identity(), backlogs };
  }

  private async answer(res: Response, checks: Array<() => PromiseLike<HealthIndicatorResult>>): Promise<unknown> {
    try {
      return await this.health.check(checks);
    } catch (err) {
      // the report itself (which dependency is down), not the generic error shape
      if (!(err instanceof HttpException)) throw err;
      res.status(err.getStatus());
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return err.getResponse();
    }
  }
}
