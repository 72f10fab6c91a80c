import { OnJob } from '../../../platform/jobs/on-job.js';
import { type JobContext, type JobHandler, JobInterrupted } from '../../../platform/jobs/job-queue.js';
import { MAKE_RENDITIONS, type RenditionOutcome, RenditionService } from './rendition.service.js';

/** The job each upload and import queues for its item: one item, idempotent, not listed in the portal. */
@OnJob(MAKE_RENDITIONS, { listed: false })
export class MakeRenditionsJob implements JobHandler<{ mediaId: number }, { outcome: RenditionOutcome }> {
  constructor(private readonly renditions: RenditionService) {}

  async run(payload: { mediaId: number }, ctx: JobContext): Promise<{ outcome: RenditionOutcome }> {
    try {
      return { outcome: await this.renditions.make(Number(payload.mediaId), { signal: ctx.signal }) };
    } catch (err) {
      // the process is stopping (SIGTERM) and killed its tool: the run is interrupted, not failed
      if (ctx.signal.aborted) throw new JobInterrupted();
      throw err;
    }
  }
}
