import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ObjectStorage } from '../../platform/storage/object-storage.js';
import { MediaService, ORPHAN_GRACE_MS } from './media.service.js';
const EVERY_MS = 3600_000;

/**
 * Removes what crashes leave in storage: objects of uploads whose row was never written or of
 * rows whose delete never reached storage (noted in orphan_objects), and half-written `.part`
 * files. At start-up and hourly, in the background; safe in several processes at once.
 */
@Injectable()
export class OrphanSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('OrphanSweep');
  private timer?: NodeJS.Timeout;
  private running: Promise<void> | null = null;

  constructor(
    private readonly media: MediaService,
    private readonly storage: ObjectStorage,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.sweepLogged();
    this.timer = setInterval(() => {
      this.running ??= this.sweepLogged();
    }, EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; answers what it removed. */
  async sweep(now = Date.now()): Promise<{ orphans: number; partials: number }> {
    const olderThan = new Date(now - ORPHAN_GRACE_MS);
    return {
      partials: await this.storage.removeIncomplete(olderThan),
      orphans: await this.media.sweepOrphans(olderThan),
    };
  }

  private async sweepLogged(): Promise<void> {
    try {
      const { orphans, partials } = await this.sweep();
      if (orphans || partials)
        this.logger.log(`Removed ${orphans} orphan object(s) and ${partials} unfinished file write(s)`);
    } catch (err) {
      this.logger.warn(`Orphan sweep failed, will try again: ${(err as Error).message}`);
    } finally {
      this.running = null;
    }
  }
}
