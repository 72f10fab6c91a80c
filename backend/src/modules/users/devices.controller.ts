import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { notFound } from '../../platform/domain-error.js';
import { IdParam } from '../../platform/http/id-param.js';
import { CurrentSession, CurrentVisitor, Visitor } from '../session/identity/visitor.guard.js';
import type { DeviceSession } from './domain/device.js';
import type { User } from './domain/user.js';
import { DeviceDto, SignedOutDto } from './dto/device.dto.js';
import { Users } from './users.js';

/** The Profile's signed-in devices: each browser's session, which the visitor can end one by one or all but this one. */
@ApiTags('session')
@Controller('api/session/devices')
export class DevicesController {
  constructor(private readonly users: Users) {}

  @Get()
  @Visitor()
  @ApiOkResponse({ type: [DeviceDto], description: 'most recently seen first' })
  async list(@CurrentVisitor() user: User, @CurrentSession() session: DeviceSession): Promise<DeviceDto[]> {
    return (await this.users.listSessions(user.id)).map((s) => DeviceDto.of(s, session.id));
  }

  /** "Sign out everywhere else": every session of the account but this request's. Declared before `:id`. */
  @Post('sign-out-others')
  @HttpCode(200)
  @Visitor()
  @ApiOkResponse({ type: SignedOutDto })
  async signOutOthers(@CurrentVisitor() user: User, @CurrentSession() session: DeviceSession): Promise<SignedOutDto> {
    return { ended: await this.users.endSessions(user.id, session.id) };
  }

  /** "Sign out" one device (this one too: then the cookie opens nothing, as after Logout). */
  @Delete(':id')
  @HttpCode(204)
  @Visitor()
  @ApiNoContentResponse({ description: '404 when the account has no such session' })
  async signOut(@CurrentVisitor() user: User, @Param('id', IdParam) id: number): Promise<void> {
    if (!(await this.users.endSessionById(user.id, id))) throw notFound('No such signed-in device');
  }
}
