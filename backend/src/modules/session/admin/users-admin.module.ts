import { Module } from '@nestjs/common';
import { StatsModule } from '../../stats/stats.module.js';
import { GeocodingModule } from './geocoding.module.js';
import { TypeormUsersAdminRepository } from './infrastructure/typeorm-users-admin.repository.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersAdminRepository } from './users-admin.repository.js';
import { UsersAdminService } from './users-admin.service.js';

/** Admin: users list, with place names from the background reverse geocoding. */
@Module({
  imports: [StatsModule, GeocodingModule],
  controllers: [UsersAdminController],
  providers: [UsersAdminService, { provide: UsersAdminRepository, useClass: TypeormUsersAdminRepository }],
})
export class UsersAdminModule {}
