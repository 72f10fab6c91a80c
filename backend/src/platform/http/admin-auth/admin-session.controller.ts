import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { Response } from 'express';
import type { AdminRequest } from './admin-auth.guard.js';
import { AdminCredentials } from './admin-credentials.js';
import { clientIp } from '../client-ip.js';
import { AdminPasswordCheck } from './admin-password-check.js';
import { AdminOnly, AdminPublic } from './admin-routes.js';
import { AdminMediaPass } from './admin-media-pass.js';
import { AdminTokens } from './admin-sessions.js';
import { Audited } from '../../audit/audited.js';

export class AdminLoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  username!: string;

  @ApiProperty()
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  password!: string;
}

export class AdminLoginAnswerDto {
  @ApiProperty({ description: 'Send as Authorization: Bearer <token>' }) token!: string;
  @ApiProperty() expiresAt!: string;
  @ApiProperty() username!: string;
}

/** The portal exchanges the password once for a revocable, expiring token (its `adminToken`). */
@ApiTags('admin')
@Controller('api/admin')
export class AdminSessionController {
  constructor(
    private readonly passwords: AdminPasswordCheck,
    private readonly credentials: AdminCredentials,
    private readonly tokens: AdminTokens,
    private readonly mediaPass: AdminMediaPass,
  ) {}

  @Post('login')
  @HttpCode(200)
  @AdminPublic()
  @Audited({
    action: 'admin.login',
    target: () => 'admin portal',
    claimed: (req) => (typeof req.body?.username === 'string' ? req.body.username : undefined),
  })
  @ApiOkResponse({ type: AdminLoginAnswerDto, description: '401 Invalid credentials; 429 while throttled' })
  async login(
    @Req() req: AdminRequest,
    @Body() body: AdminLoginDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdminLoginAnswerDto> {
    res.setHeader('Cache-Control', 'no-store');
    await this.passwords.verify(body.username, body.password, clientIp(req), res);
    req.admin = body.username; // proven now: the audit row may name it
    const { token, expiresAt } = await this.tokens.issue(body.username, this.credentials.sessionTag);
    this.mediaPass.grant(req, res, token, expiresAt); // hidden media in the portal's <img>s
    return { token, expiresAt: expiresAt.toISOString(), username: body.username };
  }

  /** Revokes the Bearer token the call carries (nothing to revoke for HTTP Basic). */
  @Post('logout')
  @HttpCode(204)
  @AdminOnly()
  @Audited({ action: 'admin.logout', target: () => 'admin portal' })
  @ApiNoContentResponse({ description: 'The token no longer authenticates anything' })
  async logout(@Req() req: AdminRequest, @Res({ passthrough: true }) res: Response): Promise<void> {
    if (req.adminToken) await this.tokens.revoke(req.adminToken);
    this.mediaPass.revoke(res);
  }
}
