import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module.js';
import { DevicesController } from './devices.controller.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';
import { UsersModule } from './users.module.js';

/** The visitor's own profile routes and signed-in devices, behind the session guard. */
@Module({
  imports: [UsersModule, SessionModule],
  controllers: [ProfileController, DevicesController],
  providers: [ProfileService],
})
export class ProfileModule {}
