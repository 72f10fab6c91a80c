import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/env.js';
import { Budget, MINUTE_MS } from '../../platform/budget/budget.js';
import { clientNetwork } from '../../platform/budget/client-network.js';
import { DomainError, notFound } from '../../platform/domain-error.js';
import { AdminMediaPass } from '../../platform/http/admin-auth/admin-media-pass.js';
import { serveObject } from '../../platform/http/serve-object.js';
import { isSafeKey, ObjectStorage } from '../../platform/storage/object-storage.js';
import { VisitorLookup } from '../session/identity/visitor-lookup.js';
import type { Media } from './domain/media.js';
import { MediaService } from './media.service.js';

/**
 * GET/HEAD /media/<key>: the stored original of a media row, or one of its renditions under
 * `renditions/<original key>/…` (conditional requests and ranges: serveObject). Originals are
 * private (issue 26): kept for re-processing, the uploader's own download and admin export, they
 * go only to their uploader (session cookie) and to admins (the portal's /media pass), never into
 * a shared cache; to anyone else they do not exist (404). Screens show renditions only. A hidden
 * item (reports, a banned owner) is private the same way, its renditions too.
 * Hits skip every limit (a page loads many images and range requests); misses (404s: someone
 * trying keys) spend the network's MEDIA_MISSES_PER_ADDRESS_PER_MINUTE, past which a miss is a
 * 429 with Retry-After (hits from that network are still served).
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
    private readonly budget: Budget,
    private readonly config: AppConfig,
  ) {}

  @Get('*key')
  @ApiOkResponse({ description: 'the file (404 when there is none, or it is hidden from this client)' })
  @ApiTooManyRequestsResponse({ description: 'MEDIA_MISSES_PER_ADDRESS_PER_MINUTE misses (404s) from this network' })
  async serve(@Param('key') key: string[] | string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const storageKey = Array.isArray(key) ? key.join('/') : key;
    const found = await this.find(storageKey, req).catch(async (err: unknown) => {
      if (err instanceof DomainError && err.code === 'not_found') await this.countMiss(req);
      throw err;
    });
    const { media, file } = found;
    await serveObject(req, res, this.storage, {
      key: file.key,
      size: file.size,
      mimeType: file.mimeType,
      modified: media.uploadedAt,
      private: media.hidden || !file.rendition,
    });
  }

  private async find(storageKey: string, req: Request) {
    if (!isSafeKey(storageKey)) throw notFound('File not found');
    const found = await this.media.findServable(storageKey);
    const onlyOwnerAndAdmins = found.media.hidden || !found.file.rendition;
    if (onlyOwnerAndAdmins && !(await this.mayFetchPrivate(req, found.media))) throw notFound('File not found');
    return found;
  }

  /** Spends one miss of the client's network: throws the 429 once they are spent. */
  private async countMiss(req: Request): Promise<void> {
    await this.budget.spend([
      {
        key: `media-misses:${clientNetwork(req.ip)}`,
        windowMs: MINUTE_MS,
        limit: this.config.quotas.mediaMissesPerAddressPerMinute,
        amount: 1,
        message: 'Too many requests for missing media files from your network',
      },
    ]);
  }

  private async mayFetchPrivate(req: Request, media: Media): Promise<boolean> {
    if ((await this.visitors.userIdOf(req)) === media.userId) return true;
    return this.adminPass.holds(req);
  }
}
