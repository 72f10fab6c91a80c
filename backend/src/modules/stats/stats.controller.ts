import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../platform/http/admin-auth/admin-routes.js';
import { ActivityCounters, type DailyCount } from './activity-counters.js';
import { DailyQueryDto } from './dto/daily-query.dto.js';

/** The dashboard: totals and per-day series from the database's counters (never a count of the tables). */
@ApiTags('admin')
@AdminOnly()
@Controller('api/admin/stats')
export class StatsController {
  constructor(private readonly counters: ActivityCounters) {}

  @Get()
  @ApiOkResponse({ description: '{ totalUsers, totalMedia, totalVotes, totalViews }' })
  async stats() {
    const { totalUsers, totalMedia, totalVotes, totalViews } = await this.counters.totals();
    return { totalUsers, totalMedia, totalVotes, totalViews };
  }

  @Get('daily')
  @ApiOkResponse({
    description: '{ days: [{ day: "YYYY-MM-DD", uploads, votes, users }] } oldest first, ending today (UTC)',
  })
  async daily(@Query() query: DailyQueryDto): Promise<{ days: DailyCount[] }> {
    return { days: await this.counters.daily(query.days ?? 30) };
  }
}
