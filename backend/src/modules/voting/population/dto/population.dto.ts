import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { Optional } from '../../../../platform/http/optional.js';

export const POPULATION_ACTIONS = ['start', 'pause', 'continue', 'stop'] as const;
export type PopulationAction = (typeof POPULATION_ACTIONS)[number];

export class PopulationActionDto {
  /** No body (as the spec's admin page sends it) means start. */
  @ApiPropertyOptional({ enum: POPULATION_ACTIONS, default: 'start' })
  @Optional()
  @IsIn(POPULATION_ACTIONS, { message: `action must be one of ${POPULATION_ACTIONS.join(', ')}` })
  action?: PopulationAction;
}
