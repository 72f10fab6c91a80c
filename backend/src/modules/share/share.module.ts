import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { SessionModule } from '../session/session.module.js';
import { TypeormShareVisitsErasure } from './infrastructure/typeorm-share-visits-erasure.js';
import { TypeormShareRepository } from './infrastructure/typeorm-share.repository.js';
import { ShareController } from './share.controller.js';
import { SharePageController } from './share-page.controller.js';
import { ShareRepository } from './share.repository.js';
import { ShareService } from './share.service.js';
import { ShareVisitsErasure } from './share-visits-erasure.js';

/** Share links: an uploader's `/r/{shareId}` to one item, its page's tags, the visits it brought. */
@Module({
  imports: [MediaModule, SessionModule],
  controllers: [ShareController, SharePageController],
  providers: [
    ShareService,
    { provide: ShareRepository, useClass: TypeormShareRepository },
    { provide: ShareVisitsErasure, useClass: TypeormShareVisitsErasure },
  ],
  exports: [ShareVisitsErasure],
})
export class ShareModule {}
