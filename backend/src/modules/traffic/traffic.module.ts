import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { TypeormRedirectConfigRepository } from './infrastructure/typeorm-redirect-config.repository.js';
import { TypeormTrafficSchema } from './infrastructure/typeorm-traffic-schema.js';
import { RedirectConfigRepository } from './redirect-config.repository.js';
import { TrafficAdminController } from './admin/traffic-admin.controller.js';
import { TrafficAdminService } from './admin/traffic-admin.service.js';
import { TrafficSchema } from './traffic-schema.js';
import { TrafficController } from './traffic.controller.js';
import { TrafficService } from './traffic.service.js';

@Module({
  controllers: [TrafficController, TrafficAdminController],
  providers: [
    TrafficService,
    TrafficAdminService,
    { provide: RedirectConfigRepository, useClass: TypeormRedirectConfigRepository },
    { provide: TrafficSchema, useClass: TypeormTrafficSchema },
    auditActions(['traffic.update', 'db.migrate']),
  ],
  exports: [TrafficService, RedirectConfigRepository],
})
export class TrafficModule {}
