import { Injectable, type OnModuleInit } from '@nestjs/common';
import { JobHandlers } from '../../../platform/jobs/job-handlers.js';
import type { JobContext, JobHandler } from '../../../platform/jobs/job-queue.js';
import { MAKE_RENDITIONS, type RenditionOutcome, RenditionService } from './rendition.service.js';

/** The job each upload and import queues for its item: one item, idempotent, not listed in the portal. */
@Injectable()
export class MakeRenditionsJob implements JobHandler<{ mediaId: number }, { outcome: RenditionOutcome }>, OnModuleInit {
  readonly name = MAKE_RENDITIONS;

  constructor(
    private readonly handlers: JobHandlers,
    private readonly renditions: RenditionService,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  async run(payload: { mediaId: number }, ctx: JobContext): Promise<{ outcome: RenditionOutcome }> {
    return { outcome: await this.renditions.make(Number(payload.mediaId), { signal: ctx.signal }) };
  }
}
