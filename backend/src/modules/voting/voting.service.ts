import { Injectable } from '@nestjs/common';
import { conflict, forbidden, notFound } from '../../platform/domain-error.js';
import { tally, type Tally } from '../media/domain/media.js';
import { VoteRepository } from './vote.repository.js';

export type VoteReceipt = Tally & { mediaId: number; isHot: boolean };

@Injectable()
export class VotingService {
  constructor(private readonly votes: VoteRepository) {}

  /** One vote per user per media, never on one's own; answers the new tallies. */
  async vote(userId: number, mediaId: number, isHot: boolean): Promise<VoteReceipt> {
    const result = await this.votes.cast(userId, mediaId, isHot);
    switch (result.kind) {
      case 'media-not-found':
        throw notFound('Media not found');
      case 'own-media':
        throw forbidden('You cannot vote on your own media');
      case 'already-voted':
        throw conflict('You have already voted on this media');
      case 'recorded':
        return { mediaId, isHot, ...tally(result.hotVotes, result.totalVotes) };
    }
  }
}
