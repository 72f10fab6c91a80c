import { Controller, Get, Header, HttpCode, Logger, Req, Res } from '@nestjs/common';
import {
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentSession, CurrentVisitor, Visitor } from '../../session/identity/visitor.guard.js';
import type { DeviceSession } from '../domain/device.js';
import type { User } from '../domain/user.js';
import { DataExportService } from './data-export.service.js';
import { exportZipName } from './domain/export-files.js';
import { ZipEntries } from './infrastructure/zip-entries.js';

const ONCE_AN_HOUR = 'one export per account per hour: 429 with Retry-After and when to try again past it';

/**
 * "Download my data" on the Profile page. The account is the session cookie's; the path's id
 * must be it (403 otherwise), as on every visitor route that names a user.
 */
@ApiTags('session')
@Controller('api/users/:id/export')
export class DataExportController {
  private readonly logger = new Logger('DataExport');

  constructor(private readonly exports: DataExportService) {}

  /** Asked before the page starts the download: the browser runs that one itself and could not show a refusal. */
  @Get('check')
  @HttpCode(204)
  @Visitor('params.id')
  @Header('Cache-Control', 'no-store')
  @ApiNoContentResponse({ description: 'an export may start now (nothing is spent)' })
  @ApiTooManyRequestsResponse({ description: ONCE_AN_HOUR })
  @ApiNotFoundResponse({ description: 'the account is gone or being deleted' })
  async check(@CurrentVisitor() user: User): Promise<void> {
    await this.exports.check(user.id);
  }

  /** profile.json, votes.csv, uploads.csv and uploads/<id>-<name> (the stored originals), streamed as a zip. */
  @Get()
  @Visitor('params.id')
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'the zip, streamed (no Content-Length); a download cut short is no valid zip' })
  @ApiTooManyRequestsResponse({ description: ONCE_AN_HOUR })
  @ApiNotFoundResponse({ description: 'the account is gone or being deleted' })
  async download(
    @CurrentVisitor() user: User,
    @CurrentSession() session: DeviceSession,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    // HEAD runs GET's handler in Express: answer what a GET would, without spending the hour
    if (req.method === 'HEAD') {
      await this.exports.check(user.id);
      res.status(200).type('application/zip').setHeader('Cache-Control', 'no-store').end();
      return;
    }
    const started = await this.exports.start(user.id, session.id);
    res.status(200);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${exportZipName(started.user)}"`);
    res.setHeader('Cache-Control', 'no-store');
    const zip = new ZipEntries(res);
    try {
      await this.exports.write(started, zip);
    } catch (err) {
      // cuts the connection: the client keeps a broken download, never a zip that looks complete
      zip.abort();
      if (DataExportService.closedByClient(err)) {
        this.logger.log(`Data export of user ${user.id} closed by the client`);
      } else {
        // our failure, not the visitor's: the hour is given back so they can try again at once
        await started.refund().catch(() => undefined);
        this.logger.error(`Data export of user ${user.id} failed: ${(err as Error).message}`);
      }
    }
  }
}
