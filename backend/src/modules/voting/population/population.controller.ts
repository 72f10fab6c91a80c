import { Body, Controller, Get, HttpCode, Post, Res } from '@nestjs/common';
import { JobAcceptedDto } from '../../../platform/jobs/job-view.dto.js';
import { jobAccepted } from '../../../platform/jobs/job-queue.js';
import { ApiAcceptedResponse, ApiExtraModels, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import {
  PopulationActionDto,
  PopulationOverviewDto,
  PopulationResultDto,
  PopulationStatusDto,
  UserSequenceFixedDto,
} from './dto/population.dto.js';
import { PopulationService } from './population.service.js';
import { RemovalResultDto } from './remove-population.job.js';

@ApiTags('admin: vote population')
@AdminOnly()
@Controller('api/admin')
export class PopulationController {
  constructor(private readonly population: PopulationService) {}

  /** The running or paused run, else the last one, with what a new run would add; poll the job for live progress. */
  @Get('populate-votes')
  @ApiOkResponse({ type: PopulationOverviewDto })
  status(): Promise<PopulationOverviewDto> {
    return this.population.overview();
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
    const status =
      action === 'start'
        ? await this.population.start({ confirmAgain: body.confirmAgain === true })
        : await this.population[action]();
    res.status(action === 'start' || action === 'continue' ? 202 : 200);
    return status;
  }

  /** "Remove populated votes and users": a job; its result is a RemovalResultDto. */
  @Post('populate-votes/remove')
  @HttpCode(202)
  @ApiExtraModels(RemovalResultDto)
  @ApiAcceptedResponse({ type: JobAcceptedDto, description: 'the job; its result is a RemovalResultDto' })
  @Audited({
    action: 'population.remove',
    target: () => 'populated votes and users',
    detail: (_req, r) => (r?.jobId ? `job ${r.jobId}` : undefined),
  })
  async remove(): Promise<JobAcceptedDto> {
    return jobAccepted(await this.population.remove());
  }

  @Post('fix-user-sequence')
  @HttpCode(200)
  @Audited({ action: 'db.fix_sequence', target: () => 'users id sequence' })
  @ApiOkResponse({ type: UserSequenceFixedDto })
  fixUserSequence(): Promise<UserSequenceFixedDto> {
    return this.population.fixUserSequence();
  }
}
