import { Body, Controller, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IdParam } from '../../platform/http/id-param.js';
import { SessionCookies } from '../session/identity/session-cookie.js';
import { CurrentVisitor, Visitor } from '../session/identity/visitor.guard.js';
import type { User } from '../users/domain/user.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { AccountDeletionDto, DeleteAccountDto } from './dto/delete-account.dto.js';

/** "Delete my account" on the Profile page. */
@ApiTags('session')
@Controller('api/users')
export class AccountDeletionController {
  constructor(
    private readonly deletions: AccountDeletionService,
    private readonly cookies: SessionCookies,
  ) {}

  /**
   * Deletes the cookie's account (another user's id: 403): at once it opens nothing (every
   * session ends, the cookie is cleared, the e-mail is free for a new account); its uploads
   * (files and renditions), votes and views go in a background job. The browser is a guest again
   * with its next POST /api/session.
   */
  @Post(':id/delete')
  @HttpCode(202)
  @Visitor('params.id')
  @ApiAcceptedResponse({
    type: AccountDeletionDto,
    description: '400 when the typed username does not match (the reason in message); 403 for another user',
  })
  async delete(
    @Param('id', IdParam) _id: number,
    @CurrentVisitor() user: User,
    @Body() body: DeleteAccountDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AccountDeletionDto> {
    const started = await this.deletions.deleteOwn(user, body.username);
    this.cookies.clear(res);
    return started;
  }
}
