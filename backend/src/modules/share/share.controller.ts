import { Body, Controller, Get, Header, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../../config/env.js';
import { notFound } from '../../platform/domain-error.js';
import { RateItemDto } from '../media/dto/media.dto.js';
import type { User } from '../users/domain/user.js';
import { CurrentVisitor, RefuseBanned, Visitor } from '../session/identity/visitor.guard.js';
import { CreateShareDto, SharedItemDto, ShareLinkDto, ShareVisitDto, UpdateShareDto } from './dto/share.dto.js';
import { ShareIdPipe } from './share-id.pipe.js';
import { ShareService, UNAVAILABLE_MESSAGE } from './share.service.js';

/** An uploader's share links (`/r/{shareId}`), the item a link leads to, and the visits it brought. */
@ApiTags('shares')
@Controller('api/shares')
export class ShareController {
  constructor(
    private readonly shares: ShareService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @Visitor()
  @RefuseBanned()
  @ApiCreatedResponse({
    type: ShareLinkDto,
    description: 'The item’s link (the same one each time); 403 not yours; 404 no such media',
  })
  async create(@CurrentVisitor() user: User, @Body() body: CreateShareDto): Promise<ShareLinkDto> {
    return ShareLinkDto.of(await this.shares.share(user.id, body.mediaId), this.config.publicUrl);
  }

  @Get()
  @Visitor()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: [ShareLinkDto], description: 'Your links, with the views and votes each brought' })
  async mine(@CurrentVisitor() user: User): Promise<ShareLinkDto[]> {
    return (await this.shares.mine(user.id)).map((l) => ShareLinkDto.of(l, this.config.publicUrl));
  }

  @Patch(':shareId')
  @Visitor()
  @ApiOkResponse({ type: ShareLinkDto, description: '404 when the link is not yours' })
  async change(
    @CurrentVisitor() user: User,
    @Param('shareId', ShareIdPipe) shareId: string,
    @Body() body: UpdateShareDto,
  ): Promise<ShareLinkDto> {
    return ShareLinkDto.of(await this.shares.change(user.id, shareId, body), this.config.publicUrl);
  }

  @Get(':shareId')
  @Visitor()
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: SharedItemDto, description: '404 when the link is off, or its item hidden or deleted' })
  async open(@CurrentVisitor() user: User, @Param('shareId', ShareIdPipe) shareId: string): Promise<SharedItemDto> {
    const opened = await this.shares.open(shareId);
    if (opened.kind === 'unavailable') throw notFound(UNAVAILABLE_MESSAGE);
    return {
      shareId,
      item: RateItemDto.of(opened.media),
      rateable: await this.shares.rateableBy(user.id, opened.media),
    };
  }

  @Post(':shareId/view')
  @HttpCode(200)
  @Visitor()
  @ApiOkResponse({ type: ShareVisitDto, description: 'The item was shown through the link (once per visitor)' })
  async view(@CurrentVisitor() user: User, @Param('shareId', ShareIdPipe) shareId: string): Promise<ShareVisitDto> {
    return { counted: await this.shares.countVisit(shareId, user.id, 'view') };
  }

  @Post(':shareId/vote')
  @HttpCode(200)
  @Visitor()
  @ApiOkResponse({
    type: ShareVisitDto,
    description: 'Your vote on the item came through the link (counted once, only if you voted)',
  })
  async vote(@CurrentVisitor() user: User, @Param('shareId', ShareIdPipe) shareId: string): Promise<ShareVisitDto> {
    return { counted: await this.shares.countVisit(shareId, user.id, 'vote') };
  }
}
