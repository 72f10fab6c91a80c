import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import type { Response } from 'express';
import {
  AdminCredentials,
  AdminOnly,
  AdminPasswordCheck,
  AdminPublic,
  type AdminRequest,
  clientIp,
} from './admin-auth.js';
import { AdminTokens } from './admin-sessions.js';
import { RequireJson } from './require-json.js';
import { Audited } from '../audit/audited.js';

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

/** The portal exchanges the password once for a revocable, expiring token (its `adminToken`). */
@ApiTags('admin')
@Controller('api/admin')
export class AdminSessionController {
  constructor(
    private readonly passwords: AdminPasswordCheck,
    private readonly credentials: AdminCredentials,
    private readonly tokens: AdminTokens,
  ) {}

  @Post('login')
  @HttpCode(200)
  @AdminPublic()
  @RequireJson()
  @Audited({ action: 'admin.login', target: () => 'admin portal' })
  @ApiOkResponse({ description: '{ token, expiresAt, username }; 401 Invalid credentials; 429 while throttled' })
  async login(
    @Req() req: AdminRequest,
    @Body() body: AdminLoginDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ token: string; expiresAt: string; username: string }> {
    res.setHeader('Cache-Control', 'no-store');
    await this.passwords.verify(body.username, body.password, clientIp(req), res);
    const { token, expiresAt } = await this.tokens.issue(body.username, this.credentials.sessionTag);
    return { token, expiresAt: expiresAt.toISOString(), username: body.username };
  }

  /** Revokes the Bearer token the call carries (nothing to revoke for HTTP Basic). */
  @Post('logout')
  @HttpCode(204)
  @AdminOnly()
  @Audited({ action: 'admin.logout', target: () => 'admin portal' })
  @ApiNoContentResponse({ description: 'The token no longer authenticates anything' })
  async logout(@Req() req: AdminRequest): Promise<void> {
    if (req.adminToken) await this.tokens.revoke(req.adminToken);
  }
}
