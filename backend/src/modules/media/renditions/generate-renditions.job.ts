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
 * (a retry, a take-over after a kill) walks only what is left. Items it could not render are
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
    const total = await this.media.countRenditionsToDo(retryFailed, RENDITIONS_VERSION);
    const counts = { total, made: 0, unrenderable: 0, skipped: 0 };
    const report = () =>
      ctx.progress({
        percent: total ? (100 * (counts.made + counts.unrenderable + counts.skipped)) / total : 100,
        ...counts,
      });
    await report();
    let after = 0;
    for (;;) {
      const ids = await this.media.renditionsToDo(after, 50, retryFailed, RENDITIONS_VERSION);
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
        after = id;
        await report();
        await yieldToEventLoop(); // PGlite answers without yielding: let requests in between items
      }
    }
    return counts;
  }
}
