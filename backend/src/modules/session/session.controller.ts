import { Body, Controller, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AppConfig } from '../../config/env.js';
import { badRequest, unauthenticated } from '../../platform/domain-error.js';
import type { User } from './domain/user.js';
import {
  ProfileDto,
  SessionDto,
  UpdateProfileDto,
  UpsertSessionDto,
  UsernameAvailabilityDto,
} from './dto/session.dto.js';
import { CurrentVisitor, OptionalVisitorSessionId, Visitor } from './identity/visitor.guard.js';
import { setSessionCookie } from './identity/session-cookie.js';
import { SessionService } from './session.service.js';
import { UserRepository } from './user.repository.js';

@ApiTags('session')
@Controller('api')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly users: UserRepository,
    private readonly config: AppConfig,
  ) {}

  @Post('session')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto })
  async upsert(@Body() body: UpsertSessionDto, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    if ((body.latitude === undefined) !== (body.longitude === undefined)) {
      throw badRequest('latitude and longitude must be sent together');
    }
    const user = await this.sessions.upsert(body);
    setSessionCookie(res, user.sessionId, this.config);
    return SessionDto.withId(user); // the id the client just sent
  }

  /** The cookie's user, without the session id. */
  @Get('session')
  @ApiOkResponse({ type: ProfileDto, description: '401 when the cookie names no user' })
  async current(@OptionalVisitorSessionId() sessionId: string | null): Promise<ProfileDto> {
    return ProfileDto.of(await this.cookieUser(sessionId));
  }

  /**
   * The cookie's session with its id, for the visitor app to keep in its session record after a
   * magic link switched the cookie. A POST, so the request guards hold it to the site's own pages.
   */
  @Post('session/adopt')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto })
  async adopt(@OptionalVisitorSessionId() sessionId: string | null): Promise<SessionDto> {
    return SessionDto.withId(await this.cookieUser(sessionId));
  }

  private async cookieUser(sessionId: string | null): Promise<User> {
    const user = sessionId ? await this.users.findBySessionId(sessionId) : null;
    if (!user) throw unauthenticated();
    return user;
  }

  @Get('users/check-username/:name')
  @ApiOkResponse({ type: UsernameAvailabilityDto })
  async checkUsername(
    @Param('name') name: string,
    @OptionalVisitorSessionId() sessionId: string | null,
  ): Promise<UsernameAvailabilityDto> {
    return { available: await this.sessions.isUsernameAvailable(name, sessionId) };
  }

  @Patch('users/:id')
  @ApiOkResponse({ type: ProfileDto, description: '409 Username is already taken' })
  @Visitor('params.id')
  async update(@CurrentVisitor() user: User, @Body() body: UpdateProfileDto): Promise<ProfileDto> {
    return ProfileDto.of(await this.sessions.updateProfile(user, body));
  }
}
