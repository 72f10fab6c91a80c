import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export const POPULATION_ACTIONS = ['start', 'pause', 'continue', 'stop'] as const;
export type PopulationAction = (typeof POPULATION_ACTIONS)[number];

export class PopulationActionDto {
  /** No body (as the spec's admin page sends it) means start. */
  @ApiPropertyOptional({ enum: POPULATION_ACTIONS, default: 'start' })
  @IsOptional()
  @IsIn(POPULATION_ACTIONS, { message: `action must be one of ${POPULATION_ACTIONS.join(', ')}` })
  action?: PopulationAction;
}
