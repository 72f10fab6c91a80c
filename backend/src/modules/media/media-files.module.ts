import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { MediaFilesController } from './media-files.controller.js';
import { MediaModule } from './media.module.js';

/**
 * GET /media/<key> on its own: an HTTP route for the API process only. The worker imports
 * MediaModule for the rendition jobs, and must not need what serving files needs (the admin's
 * /media pass lives with the admin session, which only the API loads).
 */
@Module({
  imports: [MediaModule, SessionModule],
  controllers: [MediaFilesController],
})
export class MediaFilesModule {}
