import { Module } from '@nestjs/common';
import { auditActions } from '../../platform/audit/audit-actions.js';
import { StatsModule } from '../stats/stats.module.js';
import { TypeormUsersAdminRepository } from './admin/infrastructure/typeorm-users-admin.repository.js';
import { UsersAdminController } from './admin/users-admin.controller.js';
import { UsersAdminRepository } from './admin/users-admin.repository.js';
import { UsersAdminService } from './admin/users-admin.service.js';
import { GeocodeDrainer } from './geocode-drainer.js';
import { GeocodingService } from './geocoding.service.js';
import { NominatimReverseGeocoder } from './infrastructure/nominatim-reverse-geocoder.js';
import { TypeormGeocodeCache } from './infrastructure/typeorm-geocode-cache.js';
import { TypeormSystemUsers } from './infrastructure/typeorm-system-users.js';
import { TypeormUsers } from './infrastructure/typeorm-users.js';
import { GeocodeCache, ReverseGeocoder } from './reverse-geocoder.js';
import { SystemUsers } from './system-users.js';
import { Users } from './users.js';

/**
 * The accounts (the users table): the `Users` port the session module builds identity on, the
 * `SystemUsers` the bucket import and the population need, the admin's users list, and the
 * background reverse geocoding of its places (the drainer runs in every process that runs jobs,
 * so the worker imports this module too). The visitor's own profile routes are `ProfileModule`:
 * they sit behind the session guard, and the session module needs this one.
 */
@Module({
  imports: [StatsModule],
  controllers: [UsersAdminController],
  providers: [
    { provide: Users, useClass: TypeormUsers },
    { provide: SystemUsers, useClass: TypeormSystemUsers },
    UsersAdminService,
    { provide: UsersAdminRepository, useClass: TypeormUsersAdminRepository },
    GeocodingService,
    GeocodeDrainer,
    { provide: ReverseGeocoder, useClass: NominatimReverseGeocoder },
    { provide: GeocodeCache, useClass: TypeormGeocodeCache },
    auditActions(['user.sign-out']),
  ],
  exports: [Users, SystemUsers],
})
export class UsersModule {}
