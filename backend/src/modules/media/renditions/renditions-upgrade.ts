import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../../config/env.js';
import { BackgroundWork } from '../../../platform/background-work.js';
import { JobQueue, JobRunningError } from '../../../platform/jobs/job-queue.js';
import { PollLoop } from '../../../platform/jobs/poll-loop.js';
import { OutageLog } from '../../../platform/logging/outage-log.js';
import { RENDITIONS_VERSION } from '../domain/renditions.js';
import { MediaRepository } from '../media.repository.js';
import { GENERATE_RENDITIONS } from './generate-renditions.job.js';

/** How often a process that could not queue the job (database or Redis down at start) tries again. */
const RETRY_MS = 60_000;

/**
 * The upgrade cleans up by itself (issue 26): when a process that runs jobs starts and items are
 * left that the current pipeline has not made (stored before renditions existed, or made and
 * cleaned by an older RENDITIONS_VERSION), it queues "Generate missing renditions", which
 * re-renders each one and cleans its original again. Until then such an item has no current
 * renditions and is not offered to other visitors. One job for the deployment (its exclusive
 * key: a second process, or a run already resumed after a restart, answers job_running); the
 * job is resumable (it walks what is still left). Its progress shows on the admin Renditions card
 * and in `vibe_backlog_items{backlog="renditions-outdated"}`.
 */
@Injectable()
export class RenditionsUpgrade implements OnApplicationBootstrap {
  private readonly logger = new Logger('RenditionsUpgrade');
  private readonly loop = new PollLoop(
    () => this.startIfNeeded(),
    (err) =>
      this.outages.report(err, () =>
        this.logger.warn({ msg: 'Could not check for media to re-render; will try again', err }),
      ),
  );
  private settled = false;

  constructor(
    private readonly media: MediaRepository,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly work: BackgroundWork,
    private readonly outages: OutageLog,
  ) {}

  /**
   * Every process (an API that runs no jobs too) first takes items an older pipeline made off
   * the pick before it answers anyone: they are offered again once the job has made them anew.
   */
  async onApplicationBootstrap(): Promise<void> {
    const withdrawn = await this.media.withdrawOutdated(RENDITIONS_VERSION);
    if (withdrawn)
      this.logger.log(`${withdrawn} media item(s) made by an older pipeline are not offered until made again`);
    if (!this.config.runJobs || !this.config.renditionsUpgradeAtStart) return;
    this.loop.start(RETRY_MS);
    this.work.register('renditions upgrade', 'intake', () => this.loop.stop());
  }

  /** Queues the job once per start when anything is left to do; then looks no more. */
  async startIfNeeded(): Promise<void> {
    if (this.settled || this.loop.stopped) return;
    const left = await this.media.countRenditionsToDo(false, RENDITIONS_VERSION);
    if (left > 0) {
      try {
        const job = await this.jobs.enqueue(GENERATE_RENDITIONS, {}, { exclusiveKey: GENERATE_RENDITIONS });
        this.logger.log({ msg: `Re-rendering ${left} media item(s) the current pipeline has not made`, jobId: job.id });
      } catch (err) {
        if (!(err instanceof JobRunningError)) throw err;
      }
    }
    this.settled = true;
  }
}
