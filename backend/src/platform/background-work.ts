import { Injectable, Logger, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';

/**
 * The stages background work stops in, in this order:
 * - `intake`: the loops that look for work (job polls, the mail sender, the geocoder, the orphan
 *   sweep) end their timer and wait for the look under way: nothing new starts;
 * - `jobs`: running job handlers are told to stop (their signal aborts) and awaited until their
 *   next checkpoint, so the job goes back to the queue;
 * - `workers`: the BullMQ workers close, the process heartbeat is marked stopped, sweepers and
 *   the metrics listener end: all before the database and Redis connections close;
 * - `last`: what serves requests until the HTTP server has closed (the request throttle's
 *   sweeper, the outage probes), after it.
 */
export const STOP_STAGES = ['intake', 'jobs', 'workers', 'last'] as const;
export type StopStage = (typeof STOP_STAGES)[number];

interface Entry {
  name: string;
  stage: StopStage;
  stop: () => Promise<void> | void;
  stopped: boolean;
}

/**
 * The one owner of everything a process runs in the background (loops, timers, queue workers,
 * listeners besides the API's). Each registers here when it starts; app.close() (SIGTERM and
 * SIGINT through stopOnSignals, in the API and the worker) stops them here, stage by stage,
 * and nowhere else. A stop that fails is logged and does not hold up the others.
 */
@Injectable()
export class BackgroundWork implements OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('BackgroundWork');
  private readonly entries: Entry[] = [];
  private readonly stages = new Map<StopStage, Promise<void>>();

  /** `stop` ends the work and resolves once it has ended. Registering after its stage stopped stops it at once. */
  register(name: string, stage: StopStage, stop: () => Promise<void> | void): void {
    const entry: Entry = { name, stage, stop, stopped: false };
    this.entries.push(entry);
    if (this.stages.has(stage)) void this.stopEntry(entry);
  }

  /** What runs now, as `stage:name` (for health checks and tests). */
  running(): string[] {
    return this.entries.filter((e) => !e.stopped).map((e) => `${e.stage}:${e.name}`);
  }

  /** What was ever registered, as `stage:name`. */
  registered(): string[] {
    return this.entries.map((e) => `${e.stage}:${e.name}`);
  }

  /** Stops every stage up to and including `until`, in order; each stage once. */
  async stop(until: StopStage = 'last'): Promise<void> {
    for (const stage of STOP_STAGES) {
      let done = this.stages.get(stage);
      if (!done) {
        done = Promise.all(this.entries.filter((e) => e.stage === stage).map((e) => this.stopEntry(e))).then(
          () => undefined,
        );
        this.stages.set(stage, done);
      }
      await done;
      if (stage === until) return;
    }
  }

  /** Before the providers' connections close: everything but what serves requests. */
  onModuleDestroy(): Promise<void> {
    return this.stop('workers');
  }

  /** After the HTTP server closed. */
  onApplicationShutdown(): Promise<void> {
    return this.stop('last');
  }

  private async stopEntry(e: Entry): Promise<void> {
    if (e.stopped) return;
    try {
      await e.stop();
    } catch (err) {
      this.logger.warn({ msg: `${e.name} did not stop cleanly`, err });
    } finally {
      e.stopped = true;
    }
  }
}
