import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { AdConfigRepository } from './ad-config.repository.js';
import { AdSchema } from './ad-schema.js';
import { AdsAdminController } from './admin/ads-admin.controller.js';
import { AdsAdminService } from './admin/ads-admin.service.js';
import { AdsController } from './ads.controller.js';
import { AdsService } from './ads.service.js';
import { TypeormAdConfigRepository } from './infrastructure/typeorm-ad-config.repository.js';
import { TypeormAdSchema } from './infrastructure/typeorm-ad-schema.js';

@Module({
  controllers: [AdsController, AdsAdminController],
  providers: [
    AdsService,
    AdsAdminService,
    { provide: AdConfigRepository, useClass: TypeormAdConfigRepository },
    { provide: AdSchema, useClass: TypeormAdSchema },
    auditActions(['ads.update', 'db.migrate']),
  ],
  exports: [AdsService, AdConfigRepository],
})
export class AdsModule {}
