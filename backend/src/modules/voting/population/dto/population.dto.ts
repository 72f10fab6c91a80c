import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
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

  /**
   * Start only: the operator confirmed adding another population while an earlier one's fake
   * users are still in the database (without it such a start answers 409 population_exists).
   */
  @ApiPropertyOptional({ description: 'false when left out' })
  @Optional()
  @IsBoolean({ message: 'confirmAgain must be true or false' })
  confirmAgain?: boolean;
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

/** What a new run would add, for the confirmation before Start. */
export class PopulationPlanDto {
  @ApiProperty({ description: 'media that exist now: each gets 10-50 votes' }) mediaCount!: number;
  @ApiProperty({ description: 'fake users a run over them creates' }) usersToCreate!: number;
  @ApiProperty() minVotes!: number;
  @ApiProperty() maxVotes!: number;
}

/** GET's answer: the run, what a new run would add, and the fake users still in the database. */
export class PopulationOverviewDto extends PopulationStatusDto {
  @ApiProperty({ description: 'fake users of past populations still in the database' }) seededUsers!: number;
  @ApiProperty({ type: PopulationPlanDto }) plan!: PopulationPlanDto;
}

export class UserSequenceFixedDto {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty() nextUserId!: number;
}
