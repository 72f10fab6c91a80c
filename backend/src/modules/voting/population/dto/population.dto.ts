import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Optional } from '../../../../platform/http/optional.js';
import type { PopulationResult } from '../domain/population.js';

export const POPULATION_ACTIONS = ['start', 'pause', 'continue', 'stop'] as const;
export type PopulationAction = (typeof POPULATION_ACTIONS)[number];

export class PopulationActionDto {
  /** No body (as the spec's admin page sends it) means start. */
  @ApiPropertyOptional({ enum: POPULATION_ACTIONS, default: 'start' })
  @Optional()
  @IsIn(POPULATION_ACTIONS, { message: `action must be one of ${POPULATION_ACTIONS.join(', ')}` })
  action?: PopulationAction;
}

/** A run's figures: the job's result when a segment ends, and (with jobId) what the page shows. */
export class PopulationResultDto implements PopulationResult {
  @ApiProperty() success!: boolean;
  @ApiProperty() paused!: boolean;
  @ApiProperty({ enum: ['not-started', 'running', 'paused', 'stopped', 'completed', 'failed'] })
  state!: PopulationResult['state'];
  @ApiProperty() message!: string;
  @ApiProperty() mediaProcessed!: number;
  @ApiProperty() totalMediaCount!: number;
  @ApiProperty() totalVotesInserted!: number;
  @ApiProperty() usersCreated!: number;
  @ApiProperty({ description: 'share of the inserted votes that are Hot, whole percent' })
  overallHotPercentage!: number;
  @ApiProperty({ type: String, nullable: true, description: '"first-last" ids of the users this run created' })
  userIdRange!: string | null;
}

export class PopulationStatusDto extends PopulationResultDto {
  @ApiProperty({ type: String, nullable: true, description: 'the job carrying the work' }) jobId!: string | null;
}

export class UserSequenceFixedDto {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty() nextUserId!: number;
}
