import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AuditRow } from './audit-log.js';

/** One operator action in the append-only audit log. */
export class AuditRowDto implements AuditRow {
  @ApiProperty() id!: number;
  @ApiProperty() at!: string;
  @ApiProperty() admin!: string;
  @ApiProperty({ example: 'media.delete' }) action!: string;
  @ApiProperty() target!: string;
  @ApiProperty({ enum: ['ok', 'failed'] }) outcome!: 'ok' | 'failed';
  @ApiPropertyOptional({ description: 'the error message of a failed action, or what was changed' }) detail?: string;
  @ApiProperty() clientAddress!: string;
}
