import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { JobHandler, JobName } from './job-queue.js';
import { jobKindOf } from './on-job.js';

/** Thrown at start-up by a process that runs jobs when the queue holds a job this process cannot run. */
export class UnknownQueuedJobError extends Error {
  constructor(queued: { name: string; count: number }[], known: readonly string[]) {
    super(
      `Refusing to start: the job queue holds ${queued.map((q) => `${q.count} "${q.name}" job(s)`).join(', ')} ` +
        `with no handler in this process (it runs: ${known.join(', ') || 'none'}). ` +
        'Run the release that queued them, or deploy one whose job handlers include them ' +
        '(a job class with @OnJob in a module this process imports).',
    );
    this.name = 'UnknownQueuedJobError';
  }
}

/**
 * The handlers of this process, by job name: every provider whose class carries `@OnJob`, found
 * through Nest's discovery once every provider exists. The queue adapters `open()` it at
 * application bootstrap with the names waiting in the queue: a queued name with no handler stops
 * the start (it would never run); otherwise `ready` resolves and workers start taking jobs.
 */
@Injectable()
export class JobHandlers implements OnModuleInit {
  private readonly handlers = new Map<JobName, JobHandler>();
  private markReady!: () => void;
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const kind = wrapper.metatype ? jobKindOf(wrapper.metatype) : undefined;
      if (!kind || !wrapper.instance || this.handlers.has(kind.name)) continue;
      this.handlers.set(kind.name, wrapper.instance as JobHandler);
    }
  }

  get(name: JobName): JobHandler | undefined {
    return this.handlers.get(name);
  }

  names(): JobName[] {
    return [...this.handlers.keys()].sort();
  }

  /** Called by the queue adapter that runs jobs, with what is waiting or running in it by name. */
  open(queued: { name: string; count: number }[]): void {
    const unknown = queued.filter((q) => q.count > 0 && !this.handlers.has(q.name));
    if (unknown.length) throw new UnknownQueuedJobError(unknown, this.names());
    this.markReady();
  }
}
