import { setImmediate as nextTurn } from 'node:timers/promises';
import { OnJob } from '../../../platform/jobs/on-job.js';
import { type JobContext, type JobHandler, JobInterrupted, MAX_ATTEMPTS } from '../../../platform/jobs/job-queue.js';
import { progressOf, type PopulationResult, resultOf, VOTES_PER_CHECKPOINT } from './domain/population.js';
import { PopulationRepository } from './population.repository.js';

export interface PopulationPayload {
  runId: number;
  segment: number;
}

/** Progress goes to the queue at most this often; the checkpoint itself is in the database. */
const REPORT_EVERY_MS = 500;

/**
 * Runs one segment of a population run, checkpoint after checkpoint, until the media run out
 * (completed), the run is paused or stopped, or a newer segment takes over. Everything it
 * inserts is committed with its checkpoint, so a retry or a take-over after a crash resumes
 * exactly after the last committed batch.
 */
@OnJob('populate-votes')
export class PopulationJob implements JobHandler<PopulationPayload, PopulationResult> {
  constructor(private readonly runs: PopulationRepository) {}

  async run({ runId, segment }: PopulationPayload, ctx: JobContext): Promise<PopulationResult> {
    let lastReport = 0;
    try {
      for (;;) {
        // PGlite answers without touching the event loop: let HTTP requests and timers in between batches
        await nextTurn();
        if (ctx.signal.aborted) throw new JobInterrupted();
        const { kind, run } = await this.runs.runBatch(runId, segment, VOTES_PER_CHECKPOINT);
        if (kind === 'progress' && Date.now() - lastReport < REPORT_EVERY_MS) continue;
        lastReport = Date.now();
        await ctx.progress(progressOf(run));
        if (kind !== 'progress') return resultOf(run);
      }
    } catch (err) {
      if (!(err instanceof JobInterrupted) && ctx.attempt >= MAX_ATTEMPTS) {
        await this.runs.fail(runId, segment, `Population failed: ${(err as Error).message}`).catch(() => undefined);
      }
      throw err;
    }
  }
}
