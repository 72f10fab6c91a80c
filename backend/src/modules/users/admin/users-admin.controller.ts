import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Audited } from '../../../platform/audit/audited.js';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { IdParam } from '../../../platform/http/id-param.js';
import { ListQueryDto, sendListHeaders } from '../../../platform/http/simple-rest.js';
import { SignedOutDto } from '../dto/device.dto.js';
import { AdminUserDto, UserTotalsDto } from './dto/admin-user.dto.js';
import { UsersAdminService } from './users-admin.service.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class UsersAdminController {
  constructor(private readonly users: UsersAdminService) {}

  @Get('users')
  @ApiOkResponse({
    type: [AdminUserDto],
    description:
      'Content-Range: users first-last/total. Never waits for the geocoder: places the cache lacks are queued for a background loop (GEOCODER_URL, Nominatim reverse, zoom 10, one request per second for the whole deployment, names kept 30 days, a failed lookup retried after 10 minutes); ask again while a row says locationPending',
  })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<AdminUserDto[]> {
    const page = await this.users.list(query);
    sendListHeaders(res, 'users', page.offset, page.rows.length, page.total);
    return page.rows.map((r) => AdminUserDto.of(r));
  }

  /** The Users page's three totals, from the database's counters. Declared before `users/:id`. */
  @Get('users/totals')
  @ApiOkResponse({ type: UserTotalsDto })
  async totals(): Promise<UserTotalsDto> {
    return this.users.totals();
  }

  @Get('users/:id')
  @ApiOkResponse({ type: AdminUserDto })
  async get(@Param('id', IdParam) id: number): Promise<AdminUserDto> {
    return AdminUserDto.of(await this.users.get(id));
  }

  /** Ends every session of the user (a lost phone, a shared computer): each of their browsers is a guest again. */
  @Post('users/:id/sign-out')
  @HttpCode(200)
  @Audited({
    action: 'user.sign-out',
    target: (req) => `user ${String(req.params.id)}`,
    detail: (_req, result: SignedOutDto) => `${result.ended} session(s) ended`,
  })
  @ApiOkResponse({ type: SignedOutDto, description: '404 when there is no such user' })
  async signOut(@Param('id', IdParam) id: number): Promise<SignedOutDto> {
    return { ended: await this.users.signOutEverywhere(id) };
  }
}
