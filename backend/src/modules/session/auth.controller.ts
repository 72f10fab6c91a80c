import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/env.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { AuthService } from './auth.service.js';
import { deviceOf } from './identity/device-of.js';
import { MAGIC_LINK_PAGE_CSP, magicLinkPage } from './magic-link-page.js';
import type { User } from '../users/domain/user.js';
import { LoginExistingDto, MessageDto, SendMagicLinkDto } from './dto/auth.dto.js';
import { CurrentVisitor, Visitor } from './identity/visitor.guard.js';
import { SessionCookies } from './identity/session-cookie.js';
import { Users } from '../users/users.js';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: Users,
    private readonly config: AppConfig,
    private readonly cookies: SessionCookies,
  ) {}

  @Post('send-magic-link')
  @HttpCode(200)
  @Visitor()
  @ApiOkResponse({ type: MessageDto })
  async sendMagicLink(
    @CurrentVisitor() user: User,
    @Body() body: SendMagicLinkDto,
    @Req() req: Request,
  ): Promise<MessageDto> {
    this.auth.assertOwnSession(this.cookies.read(req), body.sessionId);
    await this.auth.sendMagicLink(user, body.email, clientIp(req));
    return { message: 'Magic link sent. Check your email for a secure login link.' };
  }

  @Post('login-existing')
  @HttpCode(200)
  @ApiOkResponse({ type: MessageDto })
  async loginExisting(@Body() body: LoginExistingDto, @Req() req: Request): Promise<MessageDto> {
    await this.auth.sendLoginLink(body.email, clientIp(req));
    return { message: 'If an account uses that address, a login link is on its way.' };
  }

  /**
   * What the e-mailed link opens. A GET spends nothing: a valid link shows whose account it opens
   * and a button that posts the token; a dead one goes straight to the app's error toast.
   */
  @Get('magic-link')
  async landing(
    @Query('token') token: unknown,
    @Req() req: Request,
    @Headers('host') host: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const sessionId = this.cookies.read(req);
    const raw = typeof token === 'string' ? token : '';
    const found = await this.auth.check(raw);
    res.setHeader('Cache-Control', 'no-store').setHeader('Referrer-Policy', 'no-referrer');
    if ('error' in found) {
      res.redirect(303, `/?error=${found.error}`);
      return;
    }
    const current = sessionId ? await this.users.findBySessionId(sessionId) : null;
    res
      .status(200)
      .type('html')
      .setHeader('Content-Security-Policy', MAGIC_LINK_PAGE_CSP)
      .send(
        magicLinkPage({
          siteName: this.config.siteNameFor(host),
          token: raw,
          purpose: found.link.purpose,
          username: found.user.username,
          email: found.link.email,
          current:
            current && current.id !== found.user.id
              ? { username: current.username, saved: current.emailVerified }
              : null,
          own: current?.id === found.user.id,
        }),
      );
  }

  @Post('magic-link')
  async confirm(@Body('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const outcome = await this.auth.redeem(typeof token === 'string' ? token : '', {
      sessionId: this.cookies.read(req),
      device: deviceOf(req),
    });
    if ('error' in outcome) {
      res.redirect(303, `/?error=${outcome.error}`);
      return;
    }
    // a new session for this browser: every device signed in by a link holds its own credential
    this.cookies.set(res, outcome.sessionId);
    // the visitor app adopts the session on /?verified=true against this nonce, once
    this.cookies.setHandoff(res, outcome.handoff);
    res.redirect(303, '/?verified=true');
  }
}
