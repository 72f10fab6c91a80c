import { ApiProperty } from '@nestjs/swagger';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { OnJob } from '../../../platform/jobs/on-job.js';
import { type JobContext, type JobHandler, JobInterrupted } from '../../../platform/jobs/job-queue.js';
import { RENDITIONS_VERSION } from '../domain/renditions.js';
import { MediaRepository } from '../media.repository.js';
import { RenditionService } from './rendition.service.js';

export const GENERATE_RENDITIONS = 'generate-renditions' as const;

/** The backfill's result: the items it looked at and what became of them. */
export class RenditionsResultDto {
  @ApiProperty({ description: 'items without current renditions when it started' }) total!: number;
  @ApiProperty() made!: number;
  @ApiProperty({ description: 'could not be rendered' }) unrenderable!: number;
  @ApiProperty({ description: 'made meanwhile by their own job, or deleted' }) skipped!: number;
}

/**
 * "Generate missing renditions": every item still without current ones (stored before renditions
 * existed, queued while Redis was down, or made by an older pipeline: the upgrade, started on its
 * own by RenditionsUpgrade, which also cleans each original again), in id order, one at a time through the same gate
 * as the uploads' own jobs, so an upload's renditions wait for at most one backfill item.
 * Resumable without a checkpoint of its own: what is done is 'ready' at the current version on its row, and a rerun
 * (a retry, a take-over after a kill) walks only what is left; it ends when a pass finds nothing left. Items it could not render are
 * tried again only when asked (`retryFailed`).
 */
@OnJob(GENERATE_RENDITIONS)
export class GenerateRenditionsJob implements JobHandler<{ retryFailed?: boolean }, RenditionsResultDto> {
  constructor(
    private readonly media: MediaRepository,
    private readonly renditions: RenditionService,
  ) {}

  async run(payload: { retryFailed?: boolean }, ctx: JobContext): Promise<RenditionsResultDto> {
    const retryFailed = payload.retryFailed === true;
    const counts = {
      total: await this.media.countRenditionsToDo(retryFailed, RENDITIONS_VERSION),
      made: 0,
      unrenderable: 0,
      skipped: 0,
    };
    const done = () => counts.made + counts.unrenderable + counts.skipped;
    const report = () => ctx.progress({ percent: counts.total ? (100 * done()) / counts.total : 100, ...counts });
    await report();
    // keyset passes in id order until a pass finds nothing: rows added while it walks (uploads whose
    // own job could not be queued, items another process's start took back as outdated) behind
    // the cursor are found by the next pass. Failed items are retried in the first pass only, so
    // one the current pipeline gives up on again does not keep the walk going.
    let progressed = 0;
    for (let pass = 0; ; pass++) {
      let after = 0;
      let walked = 0;
      for (;;) {
        const ids = await this.media.renditionsToDo(after, 50, retryFailed && pass === 0, RENDITIONS_VERSION);
        if (!ids.length) break;
        for (const id of ids) {
          if (ctx.signal.aborted) throw new JobInterrupted();
          const outcome = await this.renditions.make(id, { signal: ctx.signal }).catch((err: unknown) => {
            // stopping (SIGTERM) killed the tool: interrupted, resumed later from what is left
            if (ctx.signal.aborted) throw new JobInterrupted();
            throw err;
          });
          if (outcome === 'made') counts.made++;
          else if (outcome === 'unrenderable') counts.unrenderable++;
          else counts.skipped++;
          counts.total = Math.max(counts.total, done());
          after = id;
          walked++;
          await report();
          await yieldToEventLoop(); // PGlite answers without yielding: let requests in between items
        }
      }
      // nothing left, or a later pass that made nothing (only items skipped as made or gone): done
      if (walked === 0 || (pass > 0 && counts.made + counts.unrenderable === progressed)) break;
      progressed = counts.made + counts.unrenderable;
    }
    return counts;
  }
}
