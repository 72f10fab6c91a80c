import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../config/env.js';
import { placeLabel, type RoundedPoint } from '../domain/location-label.js';
import { ReverseGeocoder } from '../reverse-geocoder.js';

const TIMEOUT_MS = 5000;

/**
 * Nominatim's `/reverse?format=jsonv2` (GEOCODER_URL), zoom 10 (city level). Called only by the
 * background loop (GeocodeDrainer), one request at a time, at the pace `geocode_pace` keeps for
 * the whole deployment: Nominatim's usage policy allows one per second, with an identifying User-Agent.
 */
@Injectable()
export class NominatimReverseGeocoder extends ReverseGeocoder {
  private readonly logger = new Logger('Geocoder');

  constructor(private readonly config: AppConfig) {
    super();
  }

  async reverse(point: RoundedPoint): Promise<string | null> {
    const url = `${this.config.geocoderUrl}/reverse?format=jsonv2&lat=${point.lat}&lon=${point.lon}&zoom=10&addressdetails=1`;
    try {
      const res = await fetch(url, {
        headers: {
          'User-Agent': `HowsMyVibe-Admin/1.0 (+${this.config.publicUrl})`,
          Accept: 'application/json',
          'Accept-Language': 'en',
        },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) {
        this.logger.warn(`Reverse geocoding answered HTTP ${res.status}`);
        return null;
      }
      const body = (await res.json()) as { address?: Record<string, unknown>; error?: unknown };
      return placeLabel(body.address);
    } catch (err) {
      this.logger.warn(`Reverse geocoding failed: ${(err as Error).message}`);
      return null;
    }
  }
}
