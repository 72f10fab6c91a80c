import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { MediaModule } from '../media/media.module.js';
import { UsersModule } from '../users/users.module.js';
import { BucketController } from './bucket.controller.js';
import { BucketMediaRepository } from './bucket-media.repository.js';
import { BucketService } from './bucket.service.js';
import { TypeormBucketMediaRepository } from './infrastructure/typeorm-bucket-media.repository.js';
import { FindDuplicatesJob } from './jobs/find-duplicates.job.js';
import { ImportMediaJob } from './jobs/import-media.job.js';

/** Admin: bucket listing, deletion, duplicate scan, import of bucket objects as media. */
@Module({
  imports: [UsersModule, MediaModule],
  controllers: [BucketController],
  providers: [
    BucketService,
    ImportMediaJob,
    FindDuplicatesJob,
    { provide: BucketMediaRepository, useClass: TypeormBucketMediaRepository },
    auditActions(['bucket.delete', 'db.import']),
  ],
})
export class BucketModule {}
