import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '../../../platform/http/optional.js';
import { MAX_NOTE, REPORT_REASONS, type ReportReason } from '../domain/report.js';

/** Body of POST /api/media/{id}/report. */
export class ReportMediaDto {
  @ApiProperty({ enum: REPORT_REASONS })
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}` })
  reason!: ReportReason;

  @ApiPropertyOptional({ maxLength: MAX_NOTE, description: 'Required when reason is other' })
  @Optional()
  @IsString({ message: 'note must be text' })
  @MaxLength(MAX_NOTE, { message: `note must be at most ${MAX_NOTE} characters` })
  note?: string;
}

export class ReportedDto {
  @ApiProperty({ enum: [true] }) reported!: true;
}
