import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import {
  PopulationActionDto,
  PopulationResultDto,
  PopulationStatusDto,
  UserSequenceFixedDto,
} from './dto/population.dto.js';
import { PopulationService } from './population.service.js';

@ApiTags('admin: vote population')
@AdminOnly()
@Controller('api/admin')
export class PopulationController {
  constructor(private readonly population: PopulationService) {}

  /** The running or paused run, else the last one; poll the job for live progress. */
  @Get('populate-votes')
  @ApiOkResponse({ type: PopulationStatusDto })
  status(): Promise<PopulationStatusDto> {
    return this.population.status();
  }

  /** start and continue answer 202 (a job carries the work); pause and stop answer 200. */
  @Post('populate-votes')
  @Audited({ action: (req) => `population.${req.body?.action ?? 'start'}`, target: () => 'votes' })
  @ApiExtraModels(PopulationResultDto)
  @ApiOkResponse({ type: PopulationStatusDto, description: 'pause, stop' })
  @ApiAcceptedResponse({ type: PopulationStatusDto, description: 'start, continue: the jobId carries the work' })
  async control(
    @Body() body: PopulationActionDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PopulationStatusDto> {
    const action = body.action ?? 'start';
    const status = await this.population[action]();
    res.status(action === 'start' || action === 'continue' ? 202 : 200);
    return status;
  }

  @Post('fix-user-sequence')
  @HttpCode(200)
  @Audited({ action: 'db.fix_sequence', target: () => 'users id sequence' })
  @ApiOkResponse({ type: UserSequenceFixedDto })
  fixUserSequence(): Promise<UserSequenceFixedDto> {
    return this.population.fixUserSequence();
  }
}
