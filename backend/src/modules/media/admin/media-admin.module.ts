import { Module } from '@nestjs/common';
import { auditActions } from '../../../platform/audit/audit-actions.js';
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
  providers: [
    MediaAdminService,
    { provide: MediaAdminRepository, useClass: TypeormMediaAdminRepository },
    auditActions(['media.delete', 'media.bulk_delete', 'media.renditions']),
  ],
})
export class MediaAdminModule {}
