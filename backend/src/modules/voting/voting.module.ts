import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { TypeormVoterErasure } from './infrastructure/typeorm-voter-erasure.js';
import { TypeormVoteRepository } from './infrastructure/typeorm-vote.repository.js';
import { VoteRepository } from './vote.repository.js';
import { VoterErasure } from './voter-erasure.js';
import { VotesController } from './votes.controller.js';
import { VotingService } from './voting.service.js';

/** Votes: one per user per media, tallies kept on the media row. */
@Module({
  imports: [SessionModule],
  controllers: [VotesController],
  providers: [
    VotingService,
    { provide: VoteRepository, useClass: TypeormVoteRepository },
    { provide: VoterErasure, useClass: TypeormVoterErasure },
  ],
  exports: [VotingService, VoteRepository, VoterErasure],
})
export class VotingModule {}
