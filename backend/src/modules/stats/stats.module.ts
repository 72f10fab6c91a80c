import { Module } from '@nestjs/common';
import { ActivityCounters } from './activity-counters.js';
import { TypeormActivityCounters } from './infrastructure/typeorm-activity-counters.js';
import { StatsController } from './stats.controller.js';

/** Admin totals and the dashboard series; ActivityCounters also serves the media and users pages' totals. */
@Module({
  controllers: [StatsController],
  providers: [{ provide: ActivityCounters, useClass: TypeormActivityCounters }],
  exports: [ActivityCounters],
})
export class StatsModule {}
