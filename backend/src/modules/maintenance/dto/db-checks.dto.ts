import { ApiProperty } from '@nestjs/swagger';
import type { SampleQueryResult, TableInfo, Totals } from '../database-probe.js';

/** What every check answers; a failing one is a 503 with the reason instead. */
class DbCheckDto {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty() durationMs!: number;
}

export class DbConnectionCheckDto extends DbCheckDto {
  @ApiProperty() message!: string;
  @ApiProperty({ enum: ['postgresql', 'pglite'] }) engine!: string;
  @ApiProperty() database!: string;
  @ApiProperty() version!: string;
  @ApiProperty() serverTime!: string;
}

export class DbTableDto implements TableInfo {
  @ApiProperty() name!: string;
  @ApiProperty() columns!: number;
}

export class DbSchemaCheckDto extends DbCheckDto {
  @ApiProperty() message!: string;
  @ApiProperty({ type: [DbTableDto] }) tables!: DbTableDto[];
  @ApiProperty({ type: [String] }) missing!: string[];
}

export class DbCountsCheckDto extends DbCheckDto {
  @ApiProperty() totalUsers!: number;
  @ApiProperty() totalMedia!: number;
}

export class DbSampleQueryDto implements SampleQueryResult {
  @ApiProperty() name!: string;
  @ApiProperty() rowCount!: number;
  @ApiProperty() durationMs!: number;
}

export class DbQueriesCheckDto extends DbCheckDto {
  @ApiProperty({ type: [DbSampleQueryDto] }) queries!: DbSampleQueryDto[];
}

export class DeletedCountsDto implements Totals {
  @ApiProperty() totalUsers!: number;
  @ApiProperty() totalMedia!: number;
  @ApiProperty() totalVotes!: number;
  @ApiProperty() totalViews!: number;
}

export class ResetResultDto {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty() message!: string;
  @ApiProperty({ type: DeletedCountsDto, description: 'what the reset deleted' }) deleted!: DeletedCountsDto;
}
