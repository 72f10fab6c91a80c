import { Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../../../config/env.js';
import { placeLabel, type RoundedPoint } from '../domain/location-label.js';
import { RequestPacer } from '../domain/request-pacer.js';
import { GeocoderBusyError, ReverseGeocoder } from '../reverse-geocoder.js';

/** Nominatim's usage policy: at most one request per second, with an identifying User-Agent. */
export const GEOCODER_INTERVAL_MS = 1000;
/** Beyond this wait for a turn, answer at once with coordinates instead of holding the request. */
const MAX_WAIT_MS = 20_000;
const TIMEOUT_MS = 5000;

/**
 * Nominatim's `/reverse?format=jsonv2` (GEOCODER_URL). Requests leave this process one per
 * second at most, first come first served (RequestPacer).
 */
@Injectable()
export class NominatimReverseGeocoder extends ReverseGeocoder {
  private readonly logger = new Logger('Geocoder');
  private readonly pacer = new RequestPacer(GEOCODER_INTERVAL_MS, MAX_WAIT_MS, {
    now: Date.now,
    sleep: (ms) => sleep(ms),
  });

  constructor(private readonly config: AppConfig) {
    super();
  }

  async reverse(point: RoundedPoint): Promise<string | null> {
    if ((await this.pacer.wait()) === null) throw new GeocoderBusyError();
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
