import { OnJob } from '../../../platform/jobs/on-job.js';
import type { JobContext, JobHandler } from '../../../platform/jobs/job-queue.js';
import { MAKE_RENDITIONS, type RenditionOutcome, RenditionService } from './rendition.service.js';

/** The job each upload and import queues for its item: one item, idempotent, not listed in the portal. */
@OnJob(MAKE_RENDITIONS, { listed: false })
export class MakeRenditionsJob implements JobHandler<{ mediaId: number }, { outcome: RenditionOutcome }> {
  constructor(private readonly renditions: RenditionService) {}

  async run(payload: { mediaId: number }, ctx: JobContext): Promise<{ outcome: RenditionOutcome }> {
    return { outcome: await this.renditions.make(Number(payload.mediaId), { signal: ctx.signal }) };
  }
}
