import { Module } from '@nestjs/common';
import { GeocodeDrainer } from './geocode-drainer.js';
import { GeocodingService } from './geocoding.service.js';
import { NominatimReverseGeocoder } from './infrastructure/nominatim-reverse-geocoder.js';
import { TypeormGeocodeCache } from './infrastructure/typeorm-geocode-cache.js';
import { GeocodeCache, ReverseGeocoder } from './reverse-geocoder.js';

/** Place names for the admin's users list, looked up in the background (imported by the API and the worker). */
@Module({
  providers: [
    GeocodingService,
    GeocodeDrainer,
    { provide: ReverseGeocoder, useClass: NominatimReverseGeocoder },
    { provide: GeocodeCache, useClass: TypeormGeocodeCache },
  ],
  exports: [GeocodingService],
})
export class GeocodingModule {}
