import { Module } from '@nestjs/common';
import { auditActions } from '../../../platform/audit/audit-actions.js';
import { UsersModule } from '../../users/users.module.js';
import { TypeormPopulationRepository } from './infrastructure/typeorm-population.repository.js';
import { PopulationController } from './population.controller.js';
import { PopulationJob } from './population.job.js';
import { PopulationRepository } from './population.repository.js';
import { PopulationService } from './population.service.js';
import { RemovePopulationJob } from './remove-population.job.js';

/** Admin: vote population job (seeded users, votes and views). */
@Module({
  imports: [UsersModule],
  controllers: [PopulationController],
  providers: [
    PopulationService,
    PopulationJob,
    RemovePopulationJob,
    { provide: PopulationRepository, useClass: TypeormPopulationRepository },
    auditActions([
      'population.start',
      'population.continue',
      'population.pause',
      'population.stop',
      'population.remove',
      'db.fix_sequence',
    ]),
  ],
})
export class PopulationModule {}
