import { Injectable } from '@nestjs/common';
import { conflict } from '../../../platform/domain-error.js';
import { JobQueue, JobRunningError } from '../../../platform/jobs/job-queue.js';
import { populationJobId, type PopulationResult, type PopulationRun, resultOf } from './domain/population.js';
import { PopulationRepository } from './population.repository.js';

export type PopulationStatus = PopulationResult & { jobId: string | null };

const statusOf = (run: PopulationRun | null): PopulationStatus => ({ jobId: run?.jobId ?? null, ...resultOf(run) });

/** Start, pause, continue and stop the vote population; its work runs as `populate-votes` jobs. */
@Injectable()
export class PopulationService {
  constructor(
    private readonly runs: PopulationRepository,
    private readonly jobs: JobQueue,
  ) {}

  async status(): Promise<PopulationStatus> {
    return statusOf(await this.runs.current());
  }

  /**
   * A new run; never a second one: while one runs, 409 `job_running` with the job carrying it (made
   * sure to exist first, so the caller can attach to it).
   */
  async start(): Promise<PopulationStatus> {
    if ((await this.runs.mediaCount()) === 0)
      throw conflict('There is no media to add votes to: upload or import media first');
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

  async fixUserSequence(): Promise<{ success: true; nextUserId: number }> {
    return { success: true, nextUserId: await this.runs.fixUserSequence() };
  }
}
