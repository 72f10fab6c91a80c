import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../../config/env.js';
import { mediaUrl } from '../media/domain/media.js';
import { SHARE_ID } from './domain/share-link.js';
import { injectHead, sharePageHead, type SharePageInput } from './domain/share-page.js';
import { ShareService } from './share.service.js';

/** Served when the API has no visitor build beside it: the tags, and a way into the app. */
const BARE_PAGE =
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n  </head>\n  <body><p><a href="/">Open the app</a></p></body>\n</html>\n';

/**
 * `/r/{shareId}`: the visitor app's page with the link's own tags in its head (the app itself then
 * shows the item first). Answered by the API in both modes — nginx proxies /r/ to it — because the
 * tags depend on the link. 404 with the same app when the link leads nowhere: the app says so kindly.
 */
@ApiExcludeController()
@Controller('r')
export class SharePageController {
  constructor(
    private readonly shares: ShareService,
    private readonly config: AppConfig,
  ) {}

  @Get(':shareId')
  async page(
    @Param('shareId') shareId: string,
    @Headers('host') host: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const opened = SHARE_ID.test(shareId) ? await this.shares.open(shareId) : ({ kind: 'unavailable' } as const);
    const input: SharePageInput = {
      siteName: this.config.siteNameFor(host),
      url: `${this.config.publicUrl}/r/${SHARE_ID.test(shareId) ? shareId : ''}`,
      item: null,
      indexable: false,
    };
    if (opened.kind === 'item') {
      const preview = opened.media.renditions?.preview;
      const absolute = (u: string) => (u.startsWith('/') ? `${this.config.publicUrl}${u}` : u);
      input.item = {
        video: opened.media.mimeType.startsWith('video/'),
        image: preview
          ? {
              url: absolute(mediaUrl(preview.key)),
              width: preview.width,
              height: preview.height,
              type: preview.mimeType,
            }
          : null,
      };
      input.indexable = opened.link.indexable;
    }
    const index = await readFile(path.join(this.config.visitorWebDir, 'index.html'), 'utf8').catch(() => BARE_PAGE);
    res
      .status(opened.kind === 'item' ? 200 : 404)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(injectHead(index, sharePageHead(input)));
  }
}
