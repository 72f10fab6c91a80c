import { Controller, Get, Logger, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { exportFileName, VoteExportService } from './vote-export.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class VoteExportController {
  private readonly logger = new Logger('VoteExport');

  constructor(private readonly exporter: VoteExportService) {}

  /** Columns user_id, media_id, is_hot, voted_at; a new sheet every million rows. */
  @Get('export-votes')
  @ApiProduces(XLSX)
  async export(@Res() res: Response): Promise<void> {
    let closed = false;
    res.on('close', () => {
      closed = true;
    });
    const start = () => {
      res.status(200);
      res.setHeader('Content-Type', XLSX);
      res.setHeader('Content-Disposition', `attachment; filename="${exportFileName()}"`);
    };
    try {
      await this.exporter.export(res, start, () => closed || res.destroyed);
    } catch (err) {
      // before the first byte the error filter answers; after it, only cutting the download is honest
      if (!res.headersSent) throw err;
      this.logger.error(`Votes export failed mid-stream: ${(err as Error).message}`);
      res.destroy(err as Error);
    }
  }
}
