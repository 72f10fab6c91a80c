import { Body, Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../../config/env.js';
import { AuthService } from './auth.service.js';
import { escapeHtml } from './magic-link-sender.js';
import type { User } from './domain/user.js';
import { LoginExistingDto, SendMagicLinkDto } from './dto/auth.dto.js';
import { CurrentVisitor, Visitor } from './identity/visitor.guard.js';
import { setSessionCookie } from './identity/session-cookie.js';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly config: AppConfig,
  ) {}

  @Post('send-magic-link')
  @HttpCode(200)
  @Visitor()
  async sendMagicLink(@CurrentVisitor() user: User, @Body() body: SendMagicLinkDto, @Req() req: Request) {
    this.auth.assertOwnSession(user, body.sessionId);
    await this.auth.sendMagicLink(user, body.email, req.ip ?? 'unknown');
    return { message: 'Magic link sent. Check your email for a secure login link.' };
  }

  @Post('login-existing')
  @HttpCode(200)
  async loginExisting(@Body() body: LoginExistingDto, @Req() req: Request) {
    await this.auth.sendLoginLink(body.email, req.ip ?? 'unknown');
    return { message: 'If an account uses that address, a login link is on its way.' };
  }

  /** What the e-mailed link opens. A GET spends nothing: the page confirms with a POST. */
  @Get('magic-link')
  landing(@Query('token') token: string | undefined, @Res() res: Response): void {
    const safe = escapeHtml(typeof token === 'string' ? token : '');
    const nonce = randomBytes(16).toString('base64');
    res
      .status(200)
      .type('html')
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Referrer-Policy', 'no-referrer')
      .setHeader(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'`,
      ).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Confirm sign-in</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#fff7f2;color:#2b1d16}
main{text-align:center;padding:2rem}button{font:inherit;font-weight:600;padding:.8rem 1.6rem;border:0;border-radius:.6rem;background:#ff5a36;color:#fff;cursor:pointer}</style>
</head><body><main>
<h1>Confirm sign-in</h1><p>One click and you are in.</p>
<form id="confirm" method="post" action="/api/auth/magic-link"><input type="hidden" name="token" value="${safe}"><button type="submit">Continue</button></form>
</main><script nonce="${nonce}">document.getElementById('confirm').submit()</script></body></html>`);
  }

  @Post('magic-link')
  async confirm(@Body('token') token: unknown, @Res() res: Response): Promise<void> {
    const outcome = await this.auth.redeem(typeof token === 'string' ? token : '');
    if ('error' in outcome) {
      res.redirect(303, `/?error=${outcome.error}`);
      return;
    }
    setSessionCookie(res, outcome.user.sessionId, this.config);
    res.redirect(303, '/?verified=true');
  }
}
