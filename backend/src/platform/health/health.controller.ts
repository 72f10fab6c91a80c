import { Controller, Get, HttpException, Req, Res } from '@nestjs/common';
import {
  ApiBasicAuth,
  ApiBearerAuth,
  ApiOkResponse,
  ApiProperty,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { HealthCheck, HealthCheckService, type HealthIndicatorResult } from '@nestjs/terminus';
import type { Request, Response } from 'express';
import { DomainError } from '../domain-error.js';
import { AdminAuthGuard } from '../http/admin-auth/admin-auth.guard.js';
import { parseBearer } from '../http/admin-auth/authorization-header.js';
import { clientIp } from '../http/client-ip.js';
import { RETRY_AFTER_SECONDS } from '../http/error.filter.js';
import { MetricsTokenGate } from '../metrics/metrics-token.js';
import { HealthChecks } from './health-checks.js';

/** What the public probes answer: the verdict only, nothing about the machine or the dependencies. */
class HealthStatusDto {
  @ApiProperty({
    enum: ['ok', 'degraded', 'error'],
    description:
      '`ok`; `degraded` (still serving: a dependency other than the database is away); `error` (503: not ready)',
  })
  status!: 'ok' | 'degraded' | 'error';
}

/**
 * Three views of one set of checks:
 * - `live` (public): the process answers (a container restarts on this only);
 * - `ready` (public, status only): the database answers (503 otherwise, and while stopping: take
 *   this replica out of the load balancer); the bucket, Redis and mail only make it `degraded`;
 * - the monitoring report (`/api/health`, admin login or METRICS_TOKEN): every dependency, who
 *   runs jobs (heartbeats), how long mail and jobs have waited, the backlogs, disk and paths, the
 *   running version and replica. 503 only when readiness fails. A wrong bearer token counts
 *   toward the metrics token's limit (it could otherwise be guessed here).
 */
@ApiTags('health')
@SkipThrottle()
@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly checks: HealthChecks,
    private readonly admin: AdminAuthGuard,
    private readonly metricsToken: MetricsTokenGate,
  ) {}

  @Get('live')
  @ApiOkResponse({ type: HealthStatusDto })
  live(): HealthStatusDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @ApiOkResponse({ type: HealthStatusDto })
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthStatusDto> {
    const { status } = (await this.answer(res, this.checks.readiness())) as { status: string };
    return { status: status === 'ok' || status === 'degraded' ? status : 'error' };
  }

  @Get()
  @HealthCheck()
  @ApiBearerAuth()
  @ApiBasicAuth()
  @ApiUnauthorizedResponse({ description: 'Needs the admin login (token or Basic) or Bearer METRICS_TOKEN' })
  async report(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<unknown> {
    await this.authorize(req, res);
    const [result, backlogs] = await Promise.all([
      this.answer(res, this.checks.report()),
      this.checks.backlogReadings(),
    ]);
    return { ...(result as object), ...this.checks.identity(), backlogs };
  }

  /** The metrics token, else the admin's credentials; a wrong bearer token counts toward the token limit. */
  private async authorize(req: Request, res: Response): Promise<void> {
    const address = clientIp(req);
    const wait = this.metricsToken.retryAfter(address);
    if (wait > 0)
      throw new DomainError(
        'rate_limited',
        'Too many wrong tokens from this address: try again later',
        undefined,
        wait,
      );
    const bearer = parseBearer(req.headers.authorization);
    if (bearer !== null && this.metricsToken.matches(bearer)) return;
    try {
      await this.admin.authenticate(req, res);
    } catch (err) {
      if (bearer !== null && err instanceof DomainError && err.code === 'unauthenticated')
        this.metricsToken.failed(address, '/api/health');
      if (err instanceof DomainError && err.code === 'unauthenticated')
        throw new DomainError('unauthenticated', 'The health report needs the admin login or the metrics token');
      throw err;
    }
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
