import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { TypeormMediaRepository } from './infrastructure/typeorm-media.repository.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';

/** Uploads, the random pick, views, deletion and file serving (visitor side). */
@Module({
  imports: [SessionModule],
  providers: [MediaService, { provide: MediaRepository, useClass: TypeormMediaRepository }],
  exports: [MediaService, MediaRepository],
})
export class MediaModule {}
