import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../../../config/env.js';
import { BackgroundWork } from '../../../platform/background-work.js';
import { OutageLog } from '../../../platform/logging/outage-log.js';
import { PollLoop } from '../../../platform/jobs/poll-loop.js';
import { conflict, DomainError } from '../../../platform/domain-error.js';
import { JobQueue, JobRunningError, type JobView } from '../../../platform/jobs/job-queue.js';
import {
  planOf,
  populationJobId,
  type PopulationPlan,
  type PopulationResult,
  type PopulationRun,
  resultOf,
} from './domain/population.js';
import { PopulationRepository } from './population.repository.js';
import { REMOVE_POPULATION, type RemovePopulationPayload } from './remove-population.job.js';

export type PopulationStatus = PopulationResult & { jobId: string | null };
/** The page's view: the run, plus what a new run would add and the fake users still in the database. */
export type PopulationOverview = PopulationStatus & { seededUsers: number; plan: PopulationPlan };

const statusOf = (run: PopulationRun | null): PopulationStatus => ({ jobId: run?.jobId ?? null, ...resultOf(run) });
const n = (x: number) => x.toLocaleString('en');

/** Start, pause, continue and stop the vote population; its work runs as `populate-votes` jobs. */
@Injectable()
export class PopulationService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Population');
  /** Every process that runs jobs reads the status once per job lock: a lost job is noticed with nobody watching. */
  private readonly watch = new PollLoop(
    async () => void (await this.status()),
    (err) => this.outages.report(err, () => this.logger.warn({ msg: 'Population check failed', err })),
  );

  constructor(
    private readonly runs: PopulationRepository,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly outages: OutageLog,
    private readonly work: BackgroundWork,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runJobs) return;
    this.watch.start(this.config.jobsLockMs);
    this.work.register('population check', 'intake', () => this.watch.stop());
  }

  /** The run as it stands; a running run whose job the queue lost resumes in a new job (see `lost`). */
  async status(): Promise<PopulationStatus> {
    const run = await this.runs.current();
    if (run?.state === 'running' && (await this.lost(run))) return this.resume(run);
    return statusOf(run);
  }

  /**
   * The queue no longer has the run's job (Redis lost its data, the job's row went) and no batch
   * has checkpointed for longer than the job lock: nothing carries the run, which would otherwise
   * say "running" for ever. A job that still exists (waiting for a worker, retrying, running a
   * slow batch) is left to the queue; an unreachable queue tells nothing, so nothing is done.
   */
  private async lost(run: PopulationRun): Promise<boolean> {
    if (run.idleMs < this.config.jobsLockMs) return false;
    if (!run.jobId) return true; // its process stopped between creating the run and queuing its job
    return (await this.jobs.get(run.jobId).catch(() => undefined)) === null;
  }

  /**
   * A new segment, queued as a new job, resumes after the last checkpoint (votes and cursor
   * commit together); a handler of the lost job still running somewhere halts at its next batch,
   * which sees the newer segment.
   */
  private async resume(run: PopulationRun): Promise<PopulationStatus> {
    const next = await this.runs.resumeLost(run.id, run.segment);
    if (!next) return statusOf(await this.runs.current()); // another request resumed it first
    this.logger.warn({
      msg: `Vote population ${run.id}: its job ${run.jobId ?? '(none)'} is no longer in the queue; resuming from the last checkpoint (${run.mediaProcessed} of ${run.totalMediaCount} media) as segment ${next.segment}`,
      event: 'population-resumed',
      job: run.jobId,
    });
    return this.launch(next);
  }

  async overview(): Promise<PopulationOverview> {
    const status = await this.status();
    const seeded = await this.runs.seededUsers();
    return { ...status, seededUsers: seeded.count, plan: planOf(await this.runs.mediaCount()) };
  }

  /**
   * A new run; never a second one: while one runs, 409 `job_running` with the job carrying it (made
   * sure to exist first, so the caller can attach to it). While an earlier population's fake users
   * are still here, only when the operator confirmed adding another (`confirmAgain`), else 409
   * `population_exists`; never while their removal runs.
   */
  async start(options: { confirmAgain?: boolean } = {}): Promise<PopulationStatus> {
    if ((await this.runs.mediaCount()) === 0)
      throw conflict('There is no media to add votes to: upload or import media first');
    const removal = await this.activeRemoval();
    if (removal) throw conflict('Populated votes and users are being removed: wait until that job ends');
    const current = await this.runs.current();
    const active = current?.state === 'running' || current?.state === 'paused';
    const seeded = await this.runs.seededUsers();
    if (!active && seeded.count > 0 && !options.confirmAgain)
      throw new DomainError(
        'conflict',
        `A previous population's ${n(seeded.count)} fake users and their votes are still in the database: remove them first, or confirm again to add another population`,
        { error: 'population_exists', seededUsers: seeded.count },
      );
    for (let attempt = 0; attempt < 3; attempt++) {
      const created = await this.runs.create();
      if (created) return this.launch(created);
      const active = await this.runs.current();
      if (active?.state === 'running') {
        const running = await this.launch(active);
        if (running.state === 'running' && running.jobId) throw new JobRunningError('populate-votes', running.jobId);
        continue; // it ended meanwhile: start a new one
      }
      if (active?.state === 'paused') throw conflict('A vote population is paused: continue or stop it first');
      // the active run ended between the two statements: try again
    }
    throw conflict('Another vote population is starting, please try again');
  }

  async pause(): Promise<PopulationStatus> {
    const run = await this.runs.transition(['running'], 'paused');
    if (!run) throw conflict('No vote population is running');
    return statusOf(run);
  }

  async continue(): Promise<PopulationStatus> {
    const run = await this.runs.transition(['paused'], 'running', { newSegment: true });
    if (!run) throw conflict('No paused vote population to continue');
    return this.launch(run);
  }

  /** Keeps what was inserted so far; the run ends. */
  async stop(): Promise<PopulationStatus> {
    const run = await this.runs.transition(['running', 'paused'], 'stopped');
    if (!run) throw conflict('No vote population is running or paused');
    return statusOf(run);
  }

  /** Makes sure a job carries the running run: the same job id when asked again, a new segment if its job died. */
  private async launch(initial: PopulationRun): Promise<PopulationStatus> {
    let run = initial;
    const existing = await this.jobs.get(populationJobId(run));
    if (existing && (existing.state === 'completed' || existing.state === 'failed')) {
      // that job ended while the run still says running (it failed for good): carry on in a new segment
      const next = await this.runs.transition(['running'], 'running', { newSegment: true });
      if (!next) return this.status();
      run = next;
    }
    const job = await this.jobs.enqueue(
      'populate-votes',
      { runId: run.id, segment: run.segment },
      { jobId: populationJobId(run) },
    );
    await this.runs.setJobId(run.id, job.id);
    return { ...statusOf(run), jobId: job.id };
  }

  /**
   * "Remove populated votes and users" as a job; refused while a population runs or is paused (its
   * users are still voting) and when there is nothing to remove; a second ask answers 409 job_running.
   */
  async remove(): Promise<JobView> {
    const current = await this.runs.current();
    if (current?.state === 'running' || current?.state === 'paused')
      throw conflict('A vote population is running or paused: stop it before removing populated votes and users');
    const seeded = await this.runs.seededUsers();
    if (!seeded.count || seeded.maxId === null) throw conflict('There are no populated users to remove');
    const payload: RemovePopulationPayload = { maxUserId: seeded.maxId, totalUsers: seeded.count };
    return this.jobs.enqueue(REMOVE_POPULATION, { ...payload }, { exclusiveKey: REMOVE_POPULATION });
  }

  private async activeRemoval(): Promise<JobView | undefined> {
    return (await this.jobs.list(50)).find(
      (j) => j.name === REMOVE_POPULATION && (j.state === 'waiting' || j.state === 'active'),
    );
  }

  async fixUserSequence(): Promise<{ success: true; nextUserId: number }> {
    return { success: true, nextUserId: await this.runs.fixUserSequence() };
  }
}
