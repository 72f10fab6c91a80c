import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuditActor } from '../../platform/audit/audit-entry.js';
import { Actor, Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth.js';
import { noCache } from '../../platform/http/simple-rest.js';
import { ResetDatabaseDto } from './dto/reset-database.dto.js';
import { MaintenanceService } from './maintenance.service.js';

/** The DB Admin page's checks (GET /api/db-test/*). */
@ApiTags('admin')
@AdminOnly()
@Controller('api/db-test')
export class DbTestController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get('connection')
  connection(@Res({ passthrough: true }) res: Response) {
    noCache(res);
    return this.maintenance.connection();
  }

  @Get('schema')
  schema(@Res({ passthrough: true }) res: Response) {
    noCache(res);
    return this.maintenance.schema();
  }

  @Get('counts')
  counts(@Res({ passthrough: true }) res: Response) {
    noCache(res);
    return this.maintenance.counts();
  }

  @Get('queries')
  queries(@Res({ passthrough: true }) res: Response) {
    noCache(res);
    return this.maintenance.queries();
  }
}

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class MaintenanceController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Post('reset-database')
  @HttpCode(200)
  @Audited({ action: 'db.reset', target: () => 'database', inTransaction: true })
  reset(@Body() _body: ResetDatabaseDto, @Actor() actor: AuditActor) {
    return this.maintenance.reset(actor);
  }
}
