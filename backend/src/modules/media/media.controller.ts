import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  Headers,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseInterceptors,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { clientNetwork } from '../../platform/budget/client-network.js';
import { badRequest, forbidden, notFound } from '../../platform/domain-error.js';
import type { User } from '../users/domain/user.js';
import { CurrentVisitor, RefuseBanned, Visitor } from '../session/identity/visitor.guard.js';
import { ExcludeIdsPipe, MediaIdPipe } from './dto/media-id.pipe.js';
import {
  DeleteMediaQueryDto,
  MediaDeletedDto,
  MediaStatDto,
  RateItemDto,
  RecordViewDto,
  UploadMediaDto,
  UserStatsDto,
  ViewRecordedDto,
} from './dto/media.dto.js';
import { ALL_RATED_MESSAGE, MediaService } from './media.service.js';
import { UploadInterceptor, type UploadRequest } from './upload.interceptor.js';
import { ApiOkOrNull } from '../../platform/http/api-nullable.js';
import { clientIp } from '../../platform/http/client-ip.js';

/** What the visitor app sends as Idempotency-Key (a UUID); the column holds 64. */
const UPLOAD_KEY = /^[A-Za-z0-9_-]{8,64}$/;

@ApiTags('media')
@Controller('api')
export class MediaController {
  constructor(private readonly media: MediaService) {}

  @Post('media/upload')
  @HttpCode(201)
  // the multipart body is parsed after the guard: it only resolves the cookie; userId is checked below
  @Visitor('body.userId')
  @RefuseBanned()
  @UseInterceptors(UploadInterceptor)
  @ApiCreatedResponse({
    type: MediaStatDto,
    description:
      '413 too large (images under 10,000,000 bytes, videos under 20,000,000); 415 not an allowed type (judged by content; an MP4 must be one all through); 400 no file; 429 past an upload quota (files and MB per hour and per day, per visitor and per network)',
  })
  @ApiConsumes('multipart/form-data')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'One per file the client uploads, the same on every retry (8–64 letters, digits, - or _): a repeat answers the media the first try stored, never a second copy',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['file', 'userId'],
      properties: { file: { type: 'string', format: 'binary' }, userId: { type: 'integer' } },
    },
  })
  async upload(
    @CurrentVisitor() user: User,
    @Req() req: UploadRequest,
    @Res({ passthrough: true }) res: Response,
    @Body() body: UploadMediaDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<MediaStatDto> {
    if (body.userId !== user.id) throw forbidden();
    if (idempotencyKey !== undefined && !UPLOAD_KEY.test(idempotencyKey))
      throw badRequest('Idempotency-Key must be 8 to 64 letters, digits, - or _');
    const received = req.file?.received;
    if (!received) throw badRequest('Choose a file to upload (form field "file")');
    // a client that leaves before the answer gets nothing stored (and its queued work is dropped)
    const left = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) left.abort(badRequest('The upload was interrupted before it finished'));
    };
    res.once('close', onClose);
    try {
      const media = await this.media.upload(user.id, received, {
        address: clientIp(req),
        network: clientNetwork(clientIp(req)),
        signal: left.signal,
        uploadKey: idempotencyKey ?? null,
      });
      return MediaStatDto.uploaded(media);
    } finally {
      res.off('close', onClose);
    }
  }

  @Get('media/random/:userId')
  @Visitor('params.userId')
  @ApiOkOrNull(RateItemDto, 'JSON null when nobody else has uploaded anything yet; 404 when everything is rated')
  @ApiQuery({
    name: 'exclude',
    required: false,
    type: [String],
    description: 'Recently skipped media ids, comma-separated',
  })
  async random(
    @CurrentVisitor() user: User,
    @Query('exclude', ExcludeIdsPipe) exclude: number[],
    @Res() res: Response,
  ): Promise<void> {
    const pick = await this.media.pickRandom(user.id, exclude);
    if (pick.kind === 'all-rated') throw notFound(ALL_RATED_MESSAGE);
    // written by hand: Nest would answer a null result with an empty body, not JSON null
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).json(pick.kind === 'item' ? RateItemDto.of(pick.media) : null);
  }

  @Post('media/:id/view')
  @HttpCode(200)
  @Visitor('body.userId')
  @ApiOkResponse({ type: ViewRecordedDto })
  async view(
    @CurrentVisitor() user: User,
    @Param('id', MediaIdPipe) id: number,
    @Body() _body: RecordViewDto,
  ): Promise<ViewRecordedDto> {
    return { recorded: await this.media.recordView(user.id, id) };
  }

  @Delete('media/:id')
  @Visitor('query.userId')
  @ApiOkResponse({ type: MediaDeletedDto })
  async remove(
    @CurrentVisitor() user: User,
    @Param('id', MediaIdPipe) id: number,
    @Query() _query: DeleteMediaQueryDto,
  ): Promise<MediaDeletedDto> {
    await this.media.deleteMedia(id, user.id);
    return { success: true };
  }

  @Get('users/:id/stats')
  @Visitor('params.id')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: UserStatsDto })
  async stats(@CurrentVisitor() user: User): Promise<UserStatsDto> {
    const s = await this.media.statsFor(user.id);
    return {
      totalUploads: s.totalUploads,
      totalVotes: s.totalVotes,
      totalViews: s.totalViews,
      mediaStats: s.media.map((m) => MediaStatDto.of(m, m.underReview)),
    };
  }
}
