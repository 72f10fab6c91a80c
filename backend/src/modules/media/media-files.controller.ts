import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { notFound } from '../../platform/domain-error.js';
import { serveObject } from '../../platform/http/serve-object.js';
import { isSafeKey, ObjectStorage } from '../../platform/storage/object-storage.js';
import { MediaService } from './media.service.js';

/** GET/HEAD /media/<key>: the stored file of a media row (conditional requests and ranges: serveObject). */
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
    const media = await this.media.findServable(storageKey);
    await serveObject(req, res, this.storage, {
      key: media.storageKey,
      size: media.size,
      mimeType: media.mimeType,
      modified: media.uploadedAt,
    });
  }
}
