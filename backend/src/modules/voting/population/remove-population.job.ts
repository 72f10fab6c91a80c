import { ApiProperty } from '@nestjs/swagger';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { OnJob } from '../../../platform/jobs/on-job.js';
import { type JobContext, type JobHandler, JobInterrupted } from '../../../platform/jobs/job-queue.js';
import { USERS_PER_REMOVAL } from './domain/population.js';
import { PopulationRepository } from './population.repository.js';

export const REMOVE_POPULATION = 'remove-population' as const;

export interface RemovePopulationPayload {
  /** The highest seeded user id when the job was asked for: users a later population creates stay. */
  maxUserId: number;
  /** How many seeded users there were then (the progress bar's whole). */
  totalUsers: number;
}

/** The removal's result: what this attempt deleted (a retry after a crash counts only its own part). */
export class RemovalResultDto {
  @ApiProperty() usersRemoved!: number;
  @ApiProperty() votesRemoved!: number;
  @ApiProperty() viewsRemoved!: number;
}

/**
 * "Remove populated votes and users": the vote population's fake users, 50 per transaction, with
 * their votes and views, taking them off the media tallies in the same statement. Resumable
 * without a checkpoint: what is done is gone, and a rerun deletes what is left.
 */
@OnJob(REMOVE_POPULATION)
export class RemovePopulationJob implements JobHandler<RemovePopulationPayload, RemovalResultDto> {
  constructor(private readonly runs: PopulationRepository) {}

  async run({ maxUserId, totalUsers }: RemovePopulationPayload, ctx: JobContext): Promise<RemovalResultDto> {
    const done = { usersRemoved: 0, votesRemoved: 0, viewsRemoved: 0 };
    // users an earlier attempt removed count as removed: the bar goes on from where it was
    const left = async () => (await this.runs.seededUsers()).count;
    const before = totalUsers - (await left());
    const report = () =>
      ctx.progress({
        percent: totalUsers ? (100 * (before + done.usersRemoved)) / totalUsers : 100,
        usersRemoved: before + done.usersRemoved,
        totalUsers,
        votesRemoved: done.votesRemoved,
        viewsRemoved: done.viewsRemoved,
      });
    await report();
    for (;;) {
      if (ctx.signal.aborted) throw new JobInterrupted();
      const step = await this.runs.removeBatch(maxUserId, USERS_PER_REMOVAL);
      done.usersRemoved += step.users;
      done.votesRemoved += step.votes;
      done.viewsRemoved += step.views;
      await report();
      if (step.users < USERS_PER_REMOVAL) return done;
      await nextTurn(); // PGlite answers without yielding: let requests in between steps
    }
  }
}
