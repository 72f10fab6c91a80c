import { Body, Controller, Get, Param, Patch, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { SessionCookies } from '../session/identity/session-cookie.js';
import { CurrentVisitor, Visitor } from '../session/identity/visitor.guard.js';
import type { User } from './domain/user.js';
import { ProfileDto, UpdateProfileDto, UsernameAvailabilityDto } from './dto/profile.dto.js';
import { ProfileService } from './profile.service.js';

/** The visitor's own profile (the spec's Profile page). */
@ApiTags('session')
@Controller('api')
export class ProfileController {
  constructor(
    private readonly profiles: ProfileService,
    private readonly cookies: SessionCookies,
  ) {}

  @Get('users/check-username/:name')
  @ApiOkResponse({ type: UsernameAvailabilityDto })
  async checkUsername(@Param('name') name: string, @Req() req: Request): Promise<UsernameAvailabilityDto> {
    return { available: await this.profiles.isUsernameAvailable(name, this.cookies.read(req)) };
  }

  @Patch('users/:id')
  @ApiOkResponse({ type: ProfileDto, description: '409 Username is already taken' })
  @Visitor('params.id')
  async update(@CurrentVisitor() user: User, @Body() body: UpdateProfileDto): Promise<ProfileDto> {
    return ProfileDto.of(await this.profiles.updateProfile(user, body));
  }
}
