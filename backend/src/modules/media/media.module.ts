import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { ImageProbe } from './image-probe.js';
import { SharpImageProbe } from './infrastructure/sharp-image-probe.js';
import { TypeormMediaRepository } from './infrastructure/typeorm-media.repository.js';
import { MediaController } from './media.controller.js';
import { MediaBacklogs } from './media-backlogs.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';
import { OriginalCleaner } from './original-cleaner.js';
import { OrphanSweep } from './orphan-sweep.js';
import { GenerateRenditionsJob } from './renditions/generate-renditions.job.js';
import { SharpFfmpegRenditionMaker } from './renditions/infrastructure/sharp-ffmpeg-rendition-maker.js';
import { MakeRenditionsJob } from './renditions/make-renditions.job.js';
import { RenditionMaker } from './renditions/rendition-maker.js';
import { RenditionService } from './renditions/rendition.service.js';
import { RenditionsUpgrade } from './renditions/renditions-upgrade.js';
import { StaleWrites } from './stale-writes.js';
import { UploadGate } from './upload-gate.js';
import { UploadInterceptor } from './upload.interceptor.js';
import { VideoBudget } from './video-budget.js';

/** Uploads, renditions, the random pick, views and deletion (visitor side); files are served by MediaFilesModule. */
@Module({
  imports: [SessionModule],
  controllers: [MediaController],
  providers: [
    MediaService,
    OrphanSweep,
    MediaBacklogs,
    UploadInterceptor,
    UploadGate,
    VideoBudget,
    StaleWrites,
    OriginalCleaner,
    RenditionService,
    MakeRenditionsJob,
    GenerateRenditionsJob,
    RenditionsUpgrade,
    { provide: MediaRepository, useClass: TypeormMediaRepository },
    { provide: ImageProbe, useClass: SharpImageProbe },
    { provide: RenditionMaker, useClass: SharpFfmpegRenditionMaker },
  ],
  exports: [MediaService, MediaRepository, RenditionService, OriginalCleaner],
})
export class MediaModule {}
