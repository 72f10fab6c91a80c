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
  /** Failures in a row: the first is logged, then nothing until an answer ends the run (one line each way). */
  private failing = 0;

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
      if (!res.ok) return this.failed(`answered HTTP ${res.status}`);
      const body = (await res.json()) as { address?: Record<string, unknown>; error?: unknown };
      if (this.failing > 0) {
        this.logger.log({ msg: 'Reverse geocoding answers again', outage: 'ended', failures: this.failing });
        this.failing = 0;
      }
      return placeLabel(body.address);
    } catch (err) {
      return this.failed(`failed: ${(err as Error).message}`);
    }
  }

  private failed(what: string): null {
    if (this.failing++ === 0)
      this.logger.warn({
        msg: `Reverse geocoding ${what} (further failures are not logged until it answers again)`,
        outage: 'started',
      });
    return null;
  }
}
