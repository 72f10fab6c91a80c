import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { MediaModule } from '../media/media.module.js';
import { StatsModule } from '../stats/stats.module.js';
import { DatabaseProbe } from './database-probe.js';
import { TypeormDatabaseProbe } from './infrastructure/typeorm-database-probe.js';
import { DbTestController, MaintenanceController } from './maintenance.controller.js';
import { MaintenanceService } from './maintenance.service.js';

/** Admin: database tests, statistics and reset. (Module migrations live with their modules: traffic, ads.) */
@Module({
  imports: [StatsModule, MediaModule],
  controllers: [DbTestController, MaintenanceController],
  providers: [
    MaintenanceService,
    { provide: DatabaseProbe, useClass: TypeormDatabaseProbe },
    auditActions(['db.reset']),
  ],
})
export class MaintenanceModule {}
