import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { JobHandler, JobName } from './job-queue.js';

/**
 * Modules register their handlers here in onModuleInit; both adapters look them up by job name.
 * Workers wait for `ready` (application bootstrap) so a job picked up at start-up never finds
 * its handler missing.
 */
@Injectable()
export class JobHandlers implements OnApplicationBootstrap {
  private readonly handlers = new Map<JobName, JobHandler>();
  private markReady!: () => void;
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  register(handler: JobHandler<never, unknown>): void {
    if (this.handlers.has(handler.name)) throw new Error(`Two handlers for job "${handler.name}"`);
    this.handlers.set(handler.name, handler as JobHandler);
  }

  get(name: JobName): JobHandler | undefined {
    return this.handlers.get(name);
  }

  names(): JobName[] {
    return [...this.handlers.keys()];
  }

  onApplicationBootstrap(): void {
    this.markReady();
  }
}
