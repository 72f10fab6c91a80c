import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { notFound } from '../../platform/domain-error.js';
import { AdminMediaPass } from '../../platform/http/admin-auth/admin-media-pass.js';
import { serveObject } from '../../platform/http/serve-object.js';
import { isSafeKey, ObjectStorage } from '../../platform/storage/object-storage.js';
import { VisitorLookup } from '../session/identity/visitor-lookup.js';
import type { Media } from './domain/media.js';
import { MediaService } from './media.service.js';

/**
 * GET/HEAD /media/<key>: the stored original of a media row, or one of its renditions under
 * `renditions/<original key>/…` (conditional requests and ranges: serveObject). A hidden item
 * (reports, a banned owner) and its renditions go only to its uploader (session cookie) and to
 * admins (the portal's /media pass), never into a shared cache; to anyone else it does not exist.
 */
@ApiTags('media')
@SkipThrottle() // a page of videos issues many range requests; these are static files
@Controller('media')
export class MediaFilesController {
  constructor(
    private readonly media: MediaService,
    private readonly storage: ObjectStorage,
    private readonly visitors: VisitorLookup,
    private readonly adminPass: AdminMediaPass,
  ) {}

  @Get('*key')
  async serve(@Param('key') key: string[] | string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const storageKey = Array.isArray(key) ? key.join('/') : key;
    if (!isSafeKey(storageKey)) throw notFound('File not found');
    const { media, file } = await this.media.findServable(storageKey);
    if (media.hidden && !(await this.maySeeHidden(req, media))) throw notFound('File not found');
    await serveObject(req, res, this.storage, {
      key: file.key,
      size: file.size,
      mimeType: file.mimeType,
      modified: media.uploadedAt,
      private: media.hidden,
    });
  }

  private async maySeeHidden(req: Request, media: Media): Promise<boolean> {
    if ((await this.visitors.userIdOf(req)) === media.userId) return true;
    return this.adminPass.holds(req);
  }
}
