import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/env.js';
import { Budget, MINUTE_MS } from '../../platform/budget/budget.js';
import { conflict, forbidden, notFound } from '../../platform/domain-error.js';
import { tally, type Tally } from '../media/domain/media.js';
import { VoteRepository } from './vote.repository.js';

export type VoteReceipt = Tally & { mediaId: number; isHot: boolean };

@Injectable()
export class VotingService {
  constructor(
    private readonly votes: VoteRepository,
    private readonly budget: Budget,
    private readonly config: AppConfig,
  ) {}

  /**
   * One vote per user per media, never on one's own; answers the new tallies. Each vote spends one
   * of its network's VOTES_PER_ADDRESS_PER_MINUTE (a refused vote gives it back), so fresh sessions
   * cannot farm votes faster than people can press Hot.
   */
  vote(userId: number, mediaId: number, isHot: boolean, network: string): Promise<VoteReceipt> {
    const charge = {
      key: `votes:${network}`,
      windowMs: MINUTE_MS,
      limit: this.config.quotas.votesPerAddressPerMinute,
      amount: 1,
      message: 'Too many votes from your network in the last minute',
    };
    return this.budget.spendFor([charge], () => this.cast(userId, mediaId, isHot));
  }

  private async cast(userId: number, mediaId: number, isHot: boolean): Promise<VoteReceipt> {
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
