import { Module } from '@nestjs/common';

/** Votes: one per user per media, tallies kept on the media row. */
@Module({})
export class VotingModule {}
