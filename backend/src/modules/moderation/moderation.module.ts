import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { MediaModule } from '../media/media.module.js';
import { SessionModule } from '../session/session.module.js';
import { TypeormModerationRepository } from './infrastructure/typeorm-moderation.repository.js';
import { ModerationAdminController } from './admin/moderation-admin.controller.js';
import { ModerationRepository } from './moderation.repository.js';
import { ModerationService } from './moderation.service.js';
import { ReportController } from './report.controller.js';

/** Trust and safety: visitors' reports, the hide threshold, the moderation queue, bans. */
@Module({
  imports: [MediaModule, SessionModule],
  controllers: [ReportController, ModerationAdminController],
  providers: [
    ModerationService,
    { provide: ModerationRepository, useClass: TypeormModerationRepository },
    auditActions(['moderation.keep', 'moderation.delete', 'user.ban', 'user.unban']),
  ],
})
export class ModerationModule {}
