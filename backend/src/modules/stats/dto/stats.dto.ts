import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { DailyCount } from '../activity-counters.js';

export class DailyQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 365, default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number from 1 to 365' })
  @Min(1, { message: 'days must be a whole number from 1 to 365' })
  @Max(365, { message: 'days must be a whole number from 1 to 365' })
  days?: number;
}

export class StatsDto {
  @ApiProperty() totalUsers!: number;
  @ApiProperty() totalMedia!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() totalViews!: number;
  @ApiProperty({ description: "the vote population's fake users, included in totalUsers" }) seededUsers!: number;
}

export class DailyCountDto implements DailyCount {
  @ApiProperty({ example: '2026-11-25', description: 'UTC day' }) day!: string;
  @ApiProperty() uploads!: number;
  @ApiProperty() votes!: number;
  @ApiProperty({ description: "new users that day, the vote population's fake users left out" }) users!: number;
}

export class DailyStatsDto {
  @ApiProperty({ type: [DailyCountDto], description: 'oldest first, ending today, zero days included' })
  days!: DailyCountDto[];
}
