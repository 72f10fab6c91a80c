import { Module } from '@nestjs/common';
import { StatsModule } from '../../stats/stats.module.js';
import { GeocodingService } from './geocoding.service.js';
import { NominatimReverseGeocoder } from './infrastructure/nominatim-reverse-geocoder.js';
import { TypeormGeocodeCache } from './infrastructure/typeorm-geocode-cache.js';
import { TypeormUsersAdminRepository } from './infrastructure/typeorm-users-admin.repository.js';
import { GeocodeCache, ReverseGeocoder } from './reverse-geocoder.js';
import { UsersAdminController } from './users-admin.controller.js';
import { UsersAdminRepository } from './users-admin.repository.js';
import { UsersAdminService } from './users-admin.service.js';

/** Admin: users list and reverse geocoding of their locations. */
@Module({
  imports: [StatsModule],
  controllers: [UsersAdminController],
  providers: [
    UsersAdminService,
    GeocodingService,
    { provide: UsersAdminRepository, useClass: TypeormUsersAdminRepository },
    { provide: ReverseGeocoder, useClass: NominatimReverseGeocoder },
    { provide: GeocodeCache, useClass: TypeormGeocodeCache },
  ],
})
export class UsersAdminModule {}
