import { Module } from '@nestjs/common';
import { StatsModule } from '../../stats/stats.module.js';
import { MediaModule } from '../media.module.js';
import { TypeormMediaAdminRepository } from './infrastructure/typeorm-media-admin.repository.js';
import { MediaAdminController } from './media-admin.controller.js';
import { MediaAdminRepository } from './media-admin.repository.js';
import { MediaAdminService } from './media-admin.service.js';

/** Admin: media list and deletion. */
@Module({
  imports: [MediaModule, StatsModule],
  controllers: [MediaAdminController],
  providers: [MediaAdminService, { provide: MediaAdminRepository, useClass: TypeormMediaAdminRepository }],
})
export class MediaAdminModule {}
