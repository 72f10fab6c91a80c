import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';
import { UsersModule } from './users.module.js';

/** The visitor's own profile routes, behind the session guard. */
@Module({
  imports: [UsersModule, SessionModule],
  controllers: [ProfileController],
  providers: [ProfileService],
})
export class ProfileModule {}
