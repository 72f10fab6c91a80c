import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../platform/http/admin-auth/admin-routes.js';
import { ActivityCounters } from './activity-counters.js';
import { DailyQueryDto, DailyStatsDto, StatsDto } from './dto/stats.dto.js';

/** The dashboard: totals and per-day series from the database's counters (never a count of the tables). */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/stats')
export class StatsController {
  constructor(private readonly counters: ActivityCounters) {}

  @Get()
  @ApiOkResponse({ type: StatsDto })
  async stats(): Promise<StatsDto> {
    const { totalUsers, totalMedia, totalVotes, totalViews, seededUsers } = await this.counters.totals();
    return { totalUsers, totalMedia, totalVotes, totalViews, seededUsers };
  }

  @Get('daily')
  @ApiOkResponse({ type: DailyStatsDto })
  async daily(@Query() query: DailyQueryDto): Promise<DailyStatsDto> {
    return { days: await this.counters.daily(query.days ?? 30) };
  }
}
