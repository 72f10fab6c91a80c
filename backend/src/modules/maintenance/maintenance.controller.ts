import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuditActor } from '../../platform/audit/audit-entry.js';
import { Actor, Audited } from '../../platform/audit/audited.js';
import { AdminOnly } from '../../platform/http/admin-auth/admin-routes.js';
import { ResetDatabaseDto } from './dto/reset-database.dto.js';
import { MaintenanceService } from './maintenance.service.js';
import {
  DbConnectionCheckDto,
  DbCountsCheckDto,
  DbQueriesCheckDto,
  DbSchemaCheckDto,
  ResetResultDto,
} from './dto/db-checks.dto.js';

/** The DB Admin page's checks (GET /api/db-test/*). */
@ApiTags('admin')
@AdminOnly()
@Controller('api/db-test')
export class DbTestController {
  constructor(private readonly maintenance: MaintenanceService) {}

  @Get('connection')
  @ApiOkResponse({ type: DbConnectionCheckDto })
  connection(): Promise<DbConnectionCheckDto> {
    return this.maintenance.connection();
  }

  @Get('schema')
  @ApiOkResponse({ type: DbSchemaCheckDto })
  schema(): Promise<DbSchemaCheckDto> {
    return this.maintenance.schema();
  }

  @Get('counts')
  @ApiOkResponse({ type: DbCountsCheckDto })
  counts(): Promise<DbCountsCheckDto> {
    return this.maintenance.counts();
  }

  @Get('queries')
  @ApiOkResponse({ type: DbQueriesCheckDto })
  queries(): Promise<DbQueriesCheckDto> {
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
  @Audited({ action: 'db.reset', target: () => 'database' })
  @ApiOkResponse({ type: ResetResultDto, description: '400 without the phrase' })
  reset(@Body() _body: ResetDatabaseDto, @Actor() actor: AuditActor): Promise<ResetResultDto> {
    return this.maintenance.reset(actor);
  }
}
