import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AdminOnly } from '../../../platform/http/admin-auth/admin-routes.js';
import { IdParam } from '../../../platform/http/id-param.js';
import { ListQueryDto, sendListHeaders } from '../../../platform/http/simple-rest.js';
import { AdminUserDto, GeocodeQueryDto, LocationLabelDto, UserTotalsDto } from './dto/admin-user.dto.js';
import { GeocodingService } from './geocoding.service.js';
import { UsersAdminService } from './users-admin.service.js';

@ApiTags('admin')
@AdminOnly()
@Controller('api/admin')
export class UsersAdminController {
  constructor(
    private readonly users: UsersAdminService,
    private readonly geocoding: GeocodingService,
  ) {}

  @Get('users')
  @ApiOkResponse({ type: [AdminUserDto], description: 'Content-Range: users first-last/total' })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) res: Response): Promise<AdminUserDto[]> {
    const page = await this.users.list(query);
    sendListHeaders(res, 'users', page.offset, page.rows.length, page.total);
    return page.rows.map(AdminUserDto.of);
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

  /** The Location column: "City, State, Country", or the coordinates to 2 decimals when unknown. */
  @Get('geocode')
  @ApiOkResponse({ type: LocationLabelDto })
  geocode(@Query() query: GeocodeQueryDto): Promise<LocationLabelDto> {
    return this.geocoding.label(query.lat, query.lon);
  }
}
