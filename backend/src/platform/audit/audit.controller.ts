import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../http/admin-auth/admin-routes.js';
import { ListQueryDto, parseListQuery, sendListHeaders } from '../http/simple-rest.js';
import { auditCsvLine, AUDIT_CSV_HEADER } from './audit-csv.js';
import { AuditLog, type AuditRow } from './audit-log.js';
import { AuditRowDto } from './audit-row.dto.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly audit: AuditLog) {}

  /** filter: action, q (target / admin / detail), from, to; newest first by default. */
  @Get()
  @ApiOkResponse({ type: [AuditRowDto] })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<AuditRow[]> {
    const page = await this.audit.list(query);
    sendListHeaders(res, 'audit', page.offset, page.rows.length, page.total);
    return page.rows;
  }

  /** The same filter as the list, every matching row, as `audit_log_{date}.csv`. */
  @Get('export')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'text/csv attachment' })
  async export(@Query() query: ListQueryDto, @Res() res: Response): Promise<void> {
    // checked before the first byte: a bad filter is still a 400 with the error body
    const { filter } = parseListQuery(query, {
      sortable: ['at'],
      defaultSort: ['at', 'DESC'],
      filters: ['action', 'q', 'from', 'to'],
    });
    this.audit.criteria(filter);
    const day = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="audit_log_${day}.csv"`);
    res.write(`${AUDIT_CSV_HEADER.join(',')}\r\n`);
    for await (const row of this.audit.exportRows(filter)) {
      if (!res.write(auditCsvLine(row))) await new Promise((r) => res.once('drain', r));
    }
    res.end();
  }
}
