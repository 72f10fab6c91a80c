import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { notFound } from '../../platform/domain-error.js';
import { serveObject } from '../../platform/http/serve-object.js';
import { isSafeKey, ObjectStorage } from '../../platform/storage/object-storage.js';
import { MediaService } from './media.service.js';

/**
 * GET/HEAD /media/<key>: the stored original of a media row, or one of its renditions under
 * `renditions/<original key>/…` (conditional requests and ranges: serveObject).
 */
@ApiTags('media')
@SkipThrottle() // a page of videos issues many range requests; these are static files
@Controller('media')
export class MediaFilesController {
  constructor(
    private readonly media: MediaService,
    private readonly storage: ObjectStorage,
  ) {}

  @Get('*key')
  async serve(@Param('key') key: string[] | string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const storageKey = Array.isArray(key) ? key.join('/') : key;
    if (!isSafeKey(storageKey)) throw notFound('File not found');
    const { media, file } = await this.media.findServable(storageKey);
    await serveObject(req, res, this.storage, {
      key: file.key,
      size: file.size,
      mimeType: file.mimeType,
      modified: media.uploadedAt,
    });
  }
}
