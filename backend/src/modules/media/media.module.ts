import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { ImageSanitizer } from './image-sanitizer.js';
import { SharpImageSanitizer } from './infrastructure/sharp-image-sanitizer.js';
import { TypeormMediaRepository } from './infrastructure/typeorm-media.repository.js';
import { MediaFilesController } from './media-files.controller.js';
import { MediaController } from './media.controller.js';
import { MediaBacklogs } from './media-backlogs.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { OrphanSweep } from './orphan-sweep.js';
import { UploadInterceptor } from './upload.interceptor.js';

/** Uploads, the random pick, views, deletion and file serving (visitor side). */
@Module({
  imports: [SessionModule],
  controllers: [MediaController, MediaFilesController],
  providers: [
    MediaService,
    OrphanSweep,
    MediaBacklogs,
    UploadInterceptor,
    { provide: MediaRepository, useClass: TypeormMediaRepository },
    { provide: ImageSanitizer, useClass: SharpImageSanitizer },
  ],
  exports: [MediaService, MediaRepository],
})
export class MediaModule {}
