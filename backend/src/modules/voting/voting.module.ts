import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { TypeormVoteRepository } from './infrastructure/typeorm-vote.repository.js';
import { VoteRepository } from './vote.repository.js';
import { VotesController } from './votes.controller.js';
import { VotingService } from './voting.service.js';

/** Votes: one per user per media, tallies kept on the media row. */
@Module({
  imports: [SessionModule],
  controllers: [VotesController],
  providers: [VotingService, { provide: VoteRepository, useClass: TypeormVoteRepository }],
  exports: [VotingService, VoteRepository],
})
export class VotingModule {}
