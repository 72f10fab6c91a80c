import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '../../config/env.js';
import { BackgroundWork } from '../../platform/background-work.js';
import { PollLoop } from '../../platform/jobs/poll-loop.js';
import { FAILED_TTL_MS, FOUND_TTL_MS } from './domain/location-label.js';
import { GeocodeCache, ReverseGeocoder } from './reverse-geocoder.js';

/** Nominatim's usage policy: at most one request per second (for the whole deployment: geocode_pace). */
export const GEOCODER_INTERVAL_MS = 1000;
/** How often an idle loop looks for places another process queued. */
const POLL_MS = 5_000;

/**
 * Looks up the places the admin's users list queued, in the background, in every process that
 * runs jobs (the API unless RUN_JOBS=false, and the worker): one request per second across all of
 * them, the oldest queued place first. A list that queued something wakes its own process's loop.
 */
@Injectable()
export class GeocodeDrainer implements OnApplicationBootstrap {
  private readonly logger = new Logger('GeocodeDrainer');
  private readonly loop = new PollLoop(
    () => this.drain(),
    (err) => this.logger.error(`Reverse geocoding queue failed: ${err.message}`),
  );
  private readonly stopping = new AbortController();

  constructor(
    private readonly cache: GeocodeCache,
    private readonly geocoder: ReverseGeocoder,
    private readonly config: AppConfig,
    private readonly work: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.loop.start(POLL_MS);
    this.work.register('geocoder', 'intake', () => {
      this.stopping.abort();
      return this.loop.stop();
    });
  }

  kick(): void {
    this.loop.kick();
  }

  /** Looks up queued places at the deployment's pace until none is left. */
  async drain(): Promise<void> {
    while (!this.loop.stopped) {
      const claim = await this.cache.claim(GEOCODER_INTERVAL_MS);
      if (claim.kind === 'idle') return;
      if (claim.kind === 'wait') {
        try {
          await sleep(Math.min(claim.ms, GEOCODER_INTERVAL_MS), undefined, { signal: this.stopping.signal });
        } catch {
          return; // shutting down
        }
        continue;
      }
      const label = await this.geocoder.reverse(claim.point);
      // a failed refresh keeps the old name and tries again later
      if (label !== null) await this.cache.save(claim.point, label, FOUND_TTL_MS, true);
      else await this.cache.save(claim.point, claim.previousLabel, FAILED_TTL_MS, false);
    }
  }
}
