import type { PopulationRun, RemovedCounts, RunState } from './domain/population.js';

export type BatchOutcome =
  /** a checkpoint was committed; more media remain */
  | { kind: 'progress'; run: PopulationRun }
  /** nothing left: the run is now completed */
  | { kind: 'completed'; run: PopulationRun }
  /** the run was paused or stopped, or a newer segment took over: this job ends */
  | { kind: 'halted'; run: PopulationRun };

/** Port over population_runs and the set-based inserts of seeded users, votes and views. */
export abstract class PopulationRepository {
  /** The running or paused run, else the newest one; null when none ever ran. */
  abstract current(): Promise<PopulationRun | null>;
  abstract mediaCount(): Promise<number>;
  /** A new running run over the media that exist now; null while another run is running or paused. */
  abstract create(): Promise<PopulationRun | null>;
  abstract setJobId(runId: number, jobId: string): Promise<void>;
  /** Moves the active run from one of `from` to `to`; null when no run is in such a state. */
  abstract transition(
    from: RunState[],
    to: RunState,
    options?: { newSegment?: boolean },
  ): Promise<PopulationRun | null>;
  /**
   * The next segment of a running run whose job was lost, if the run is still at `segment` (of
   * two callers that noticed the loss at once, one gets it, the other null).
   */
  abstract resumeLost(runId: number, segment: number): Promise<PopulationRun | null>;
  /**
   * One checkpoint, in one transaction: at most `maxVotes` votes on the next media, their views,
   * the media tallies and the advanced cursor (plus the fake users on the first batch).
   */
  abstract runBatch(runId: number, segment: number, maxVotes: number): Promise<BatchOutcome>;
  abstract fail(runId: number, segment: number, message: string): Promise<void>;
  /** The fake users of past populations still in the database: how many, and the highest id. */
  abstract seededUsers(): Promise<{ count: number; maxId: number | null }>;
  /**
   * One step of "Remove populated votes and users", in one transaction: up to `users` seeded users
   * with an id up to `maxUserId` go with their votes and views, and the media tallies lose them.
   */
  abstract removeBatch(maxUserId: number, users: number): Promise<RemovedCounts>;
  /** Sets users_id_seq so the next user gets max(id) + 1; answers that id. */
  abstract fixUserSequence(): Promise<number>;
}
