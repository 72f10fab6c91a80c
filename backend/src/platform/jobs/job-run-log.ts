import type { Logger } from '@nestjs/common';
import { logContext } from '../logging/log-context.js';
import { JobInterrupted, type JobName } from './job-queue.js';

export interface JobRun {
  id: string;
  name: JobName;
  attempt: number;
  /** An earlier run of this job started and never finished (its process stopped or died). */
  takenOver: boolean;
  /** The request that queued it (see log-context.ts): every line of the run carries it. */
  reqId?: string;
}

export type JobOutcome = 'completed' | 'failed' | 'interrupted';

/** Told of every run's end (the worker's job metrics). */
export type JobRunObserver = (name: JobName, outcome: JobOutcome, seconds: number) => void;

const fields = (job: JobRun, event: string, extra: Record<string, unknown> = {}) => ({
  job: job.id,
  jobName: job.name,
  attempt: job.attempt,
  event,
  ...extra,
});

/**
 * One structured line when a job starts or is taken over, and one when it completes, stops or
 * fails (`job`, `jobName`, `attempt`, `event`, `seconds`, `err`): whether it will be retried is
 * the queue's to say, in its own line. The run is in a log context: these lines and every line
 * the handler writes carry the job's id and the id of the request that queued it (`reqId`).
 */
export function logJobRun<T>(logger: Logger, job: JobRun, run: () => Promise<T>, observe?: JobRunObserver): Promise<T> {
  return logContext.run({ reqId: job.reqId, job: job.id }, () => loggedRun(logger, job, run, observe));
}

async function loggedRun<T>(logger: Logger, job: JobRun, run: () => Promise<T>, observe?: JobRunObserver): Promise<T> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  logger.log(
    job.takenOver
      ? {
          ...fields(job, 'taken-over'),
          msg: `Job ${job.id} taken over (attempt ${job.attempt}): its previous run stopped unfinished; resuming from its checkpoint`,
        }
      : { ...fields(job, 'started'), msg: `Job ${job.id} started (attempt ${job.attempt})` },
  );
  try {
    const result = await run();
    const s = seconds();
    observe?.(job.name, 'completed', s);
    logger.log({ ...fields(job, 'completed', { seconds: s }), msg: `Job ${job.id} completed in ${s.toFixed(1)} s` });
    return result;
  } catch (err) {
    const s = seconds();
    if (err instanceof JobInterrupted) {
      observe?.(job.name, 'interrupted', s);
      logger.log({
        ...fields(job, 'interrupted', { seconds: s }),
        msg: `Job ${job.id} stopped at a checkpoint after ${s.toFixed(1)} s; back in the queue`,
      });
    } else {
      observe?.(job.name, 'failed', s);
      logger.warn({
        ...fields(job, 'failed', { seconds: s, err }),
        msg: `Job ${job.id} attempt ${job.attempt} failed`,
      });
    }
    throw err;
  }
}
