import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class DailyQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 365, default: 30 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number from 1 to 365' })
  @Min(1, { message: 'days must be a whole number from 1 to 365' })
  @Max(365, { message: 'days must be a whole number from 1 to 365' })
  days?: number;
}
