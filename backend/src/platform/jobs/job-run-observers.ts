import { Injectable } from '@nestjs/common';
import type { JobRunObserver } from './job-run-log.js';

/** Who wants to hear of every job run's end (the metrics' job durations), without the queues knowing them. */
@Injectable()
export class JobRunObservers {
  private readonly observers: JobRunObserver[] = [];

  add(observer: JobRunObserver): void {
    this.observers.push(observer);
  }

  readonly notify: JobRunObserver = (name, outcome, seconds) => {
    for (const o of this.observers) o(name, outcome, seconds);
  };
}
