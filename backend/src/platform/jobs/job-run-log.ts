import type { Logger } from '@nestjs/common';
import { JobInterrupted } from './job-queue.js';

export interface JobRun {
  id: string;
  attempt: number;
  /** An earlier run of this job started and never finished (its process stopped or died). */
  takenOver: boolean;
}

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** One log line when a job starts or is taken over, and one when it completes or stops (the queues log failures). */
export async function logJobRun<T>(logger: Logger, job: JobRun, run: () => Promise<T>): Promise<T> {
  const started = Date.now();
  logger.log(
    job.takenOver
      ? `Job ${job.id} taken over (attempt ${job.attempt}): its previous run stopped unfinished; resuming from its checkpoint`
      : `Job ${job.id} started (attempt ${job.attempt})`,
  );
  try {
    const result = await run();
    logger.log(`Job ${job.id} completed in ${seconds(started)}`);
    return result;
  } catch (err) {
    if (err instanceof JobInterrupted)
      logger.log(`Job ${job.id} stopped at a checkpoint after ${seconds(started)}; back in the queue`);
    throw err;
  }
}
