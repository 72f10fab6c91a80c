import { Module } from '@nestjs/common';
import { TypeormVoteExportRepository } from './infrastructure/typeorm-vote-export.repository.js';
import { VoteExportController } from './vote-export.controller.js';
import { VoteExportRepository } from './vote-export.repository.js';
import { VoteExportService } from './vote-export.service.js';

/** Admin: votes export as a streamed spreadsheet. */
@Module({
  controllers: [VoteExportController],
  providers: [VoteExportService, { provide: VoteExportRepository, useClass: TypeormVoteExportRepository }],
  exports: [VoteExportService],
})
export class VoteExportModule {}
