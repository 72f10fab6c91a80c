import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { User } from '../session/domain/user.js';
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
  async cast(@CurrentVisitor() user: User, @Body() body: CastVoteDto): Promise<VoteReceiptDto> {
    const r = await this.voting.vote(user.id, body.mediaId, body.isHot);
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
