import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { clientNetwork } from '../../platform/budget/client-network.js';
import type { User } from '../users/domain/user.js';
import { CurrentVisitor, RefuseBanned, Visitor } from '../session/identity/visitor.guard.js';
import { CastVoteDto, VoteReceiptDto } from './dto/vote.dto.js';
import { VotingService } from './voting.service.js';

@ApiTags('votes')
@Controller('api/votes')
export class VotesController {
  constructor(private readonly voting: VotingService) {}

  @Post()
  @HttpCode(201)
  @Visitor('body.userId')
  @RefuseBanned()
  @ApiCreatedResponse({ type: VoteReceiptDto, description: '403 own media, 409 second vote, 404 unknown media' })
  @ApiTooManyRequestsResponse({ description: 'VOTES_PER_ADDRESS_PER_MINUTE votes from this network' })
  async cast(@CurrentVisitor() user: User, @Body() body: CastVoteDto, @Req() req: Request): Promise<VoteReceiptDto> {
    const r = await this.voting.vote(user.id, body.mediaId, body.isHot, clientNetwork(req.ip));
    return {
      mediaId: r.mediaId,
      isHot: r.isHot,
      totalVotes: r.totalVotes,
      hotVotes: r.hotVotes,
      hotPercentage: r.hotPercentage,
      notPercentage: r.notPercentage,
    };
  }
}
