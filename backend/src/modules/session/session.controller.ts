import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthService } from './auth.service.js';
import { deviceOf } from './identity/device-of.js';
import { badRequest, unauthenticated } from '../../platform/domain-error.js';
import type { User } from '../users/domain/user.js';
import { SessionDto, UpsertSessionDto } from './dto/session.dto.js';
import { ProfileDto } from '../users/dto/profile.dto.js';
import { SessionCookies } from './identity/session-cookie.js';
import { SessionService } from './session.service.js';
import { Users } from '../users/users.js';

@ApiTags('session')
@Controller('api')
export class SessionController {
  constructor(
    private readonly sessions: SessionService,
    private readonly users: Users,
    private readonly cookies: SessionCookies,
    private readonly auth: AuthService,
  ) {}

  @Post('session')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto })
  @ApiTooManyRequestsResponse({ description: 'SESSIONS_PER_ADDRESS_PER_HOUR new sessions from this network' })
  async upsert(
    @Body() body: UpsertSessionDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SessionDto> {
    if ((body.latitude === undefined) !== (body.longitude === undefined)) {
      throw badRequest('latitude and longitude must be sent together');
    }
    const user = await this.sessions.upsert(body, deviceOf(req));
    this.cookies.set(res, body.sessionId);
    return SessionDto.withId(user, body.sessionId); // the id the client just sent
  }

  /** The cookie's user, without the session id. */
  @Get('session')
  @ApiOkResponse({ type: ProfileDto, description: '401 when the cookie names no user' })
  async current(@Req() req: Request): Promise<ProfileDto> {
    return ProfileDto.of(await this.cookieUser(this.cookies.read(req)));
  }

  /**
   * The cookie's session with its id, for the visitor app to keep in its session record right
   * after a magic link switched the cookie: only against that confirm's one-shot hand-off cookie
   * (401 otherwise), never for a cookie that merely exists (one planted by a sibling domain). A
   * POST, so the request guards hold it to the site's own pages.
   */
  @Post('session/adopt')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionDto, description: '401 without a magic-link confirm just before' })
  async adopt(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionDto> {
    const handoff = this.cookies.readHandoff(req);
    if (handoff !== null) this.cookies.clearHandoff(res);
    const adopted = await this.auth.adopt(this.cookies.read(req), handoff);
    return SessionDto.withId(adopted.user, adopted.sessionId);
  }

  /**
   * Logout: the cookie's session ends on the server (its id opens nothing any more) and the
   * cookie goes. The app's own steps (flag, reload) follow. 204 whether or not it was known.
   */
  @Post('session/logout')
  @HttpCode(204)
  @ApiNoContentResponse({ description: "The cookie's session ended; the cookie is cleared" })
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const sessionId = this.cookies.read(req);
    if (sessionId) await this.users.endSession(sessionId);
    this.cookies.clear(res);
  }

  private async cookieUser(sessionId: string | null): Promise<User> {
    const user = sessionId ? await this.users.findBySessionId(sessionId) : null;
    if (!user) throw unauthenticated();
    return user;
  }
}
