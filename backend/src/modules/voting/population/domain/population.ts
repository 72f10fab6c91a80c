import { populationStatus } from '@vibe/contract/population';
/**
 * Vote population (spec §9): 10–50 seeded votes per media with a per-media Hot bias of 70–100 %,
 * from fake users, with matching views, checkpointed every 500 votes.
 */
export const VOTES_PER_MEDIA = { min: 10, max: 50 } as const;
export const VOTES_PER_CHECKPOINT = 500;
/** Media read per batch: enough to fill a checkpoint even at the minimum of 10 votes each. */
export const MEDIA_PER_BATCH = Math.ceil(VOTES_PER_CHECKPOINT / VOTES_PER_MEDIA.min);

export type RunState = 'running' | 'paused' | 'stopped' | 'completed' | 'failed';

export interface PopulationRun {
  id: number;
  state: RunState;
  /** Bumped by continue (and when a lost job is replaced): a job of an older segment stops. */
  segment: number;
  jobId: string | null;
  totalMediaCount: number;
  mediaProcessed: number;
  votesInserted: number;
  hotVotesInserted: number;
  usersCreated: number;
  userIdMin: number | null;
  userIdMax: number | null;
  message: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  /** Since the run last changed (a checkpoint, a pause, ...), on the database's clock. */
  idleMs: number;
}

/**
 * Fake users per run: each votes on about 100 media on average, never fewer than the largest
 * per-media vote count (votes on one media item need distinct users), at most 5,000.
 */
export function poolSize(totalMedia: number): number {
  const averageVotes = (VOTES_PER_MEDIA.min + VOTES_PER_MEDIA.max) / 2;
  return Math.min(5_000, Math.max(VOTES_PER_MEDIA.max, Math.ceil((totalMedia * averageVotes) / 100)));
}

/** The job that carries one segment of a run; the same id on a retry, so it is never queued twice. */
export const populationJobId = (run: Pick<PopulationRun, 'id' | 'segment'>): string =>
  `populate-votes-r${run.id}-s${run.segment}`;

/** The spec's "Population result", plus where the run stands. */
export interface PopulationResult {
  success: boolean;
  paused: boolean;
  state: RunState | 'not-started';
  message: string;
  mediaProcessed: number;
  totalMediaCount: number;
  totalVotesInserted: number;
  usersCreated: number;
  /** Share of the inserted votes that are Hot, whole percent. */
  overallHotPercentage: number;
  /** "first-last" id of the users this run created, null before they exist. */
  userIdRange: string | null;
}

export function messageOf(run: PopulationRun): string {
  const counts = {
    totalVotesInserted: run.votesInserted,
    mediaProcessed: run.mediaProcessed,
    totalMediaCount: run.totalMediaCount,
    usersCreated: run.usersCreated,
  };
  // an ending the handler explained (completed early, failed) says so in its own words
  const own = run.state === 'completed' || run.state === 'failed' ? run.message : null;
  return own ?? populationStatus(run.state, counts);
}

export function resultOf(run: PopulationRun | null): PopulationResult {
  if (!run) {
    return {
      success: true,
      paused: false,
      state: 'not-started',
      message: 'No vote population has run yet',
      mediaProcessed: 0,
      totalMediaCount: 0,
      totalVotesInserted: 0,
      usersCreated: 0,
      overallHotPercentage: 0,
      userIdRange: null,
    };
  }
  return {
    success: run.state !== 'failed',
    paused: run.state === 'paused',
    state: run.state,
    message: messageOf(run),
    mediaProcessed: run.mediaProcessed,
    totalMediaCount: run.totalMediaCount,
    totalVotesInserted: run.votesInserted,
    usersCreated: run.usersCreated,
    overallHotPercentage: run.votesInserted ? Math.round((100 * run.hotVotesInserted) / run.votesInserted) : 0,
    userIdRange: run.userIdMin === null ? null : `${run.userIdMin}-${run.userIdMax}`,
  };
}

export function progressOf(run: PopulationRun): { percent: number; [count: string]: number } {
  return {
    percent: run.totalMediaCount ? (100 * run.mediaProcessed) / run.totalMediaCount : 100,
    mediaProcessed: run.mediaProcessed,
    totalMediaCount: run.totalMediaCount,
    totalVotesInserted: run.votesInserted,
    usersCreated: run.usersCreated,
  };
}

/** What a new run would add, shown before the operator confirms it. */
export interface PopulationPlan {
  mediaCount: number;
  usersToCreate: number;
  minVotes: number;
  maxVotes: number;
}

export const planOf = (mediaCount: number): PopulationPlan => ({
  mediaCount,
  usersToCreate: mediaCount ? poolSize(mediaCount) : 0,
  minVotes: mediaCount * VOTES_PER_MEDIA.min,
  maxVotes: mediaCount * VOTES_PER_MEDIA.max,
});

/** Rows one removal step (or the whole "Remove populated votes and users" job) took away. */
export interface RemovedCounts {
  users: number;
  votes: number;
  views: number;
}

/** Seeded users per removal step: about 100 votes and views each, so a step deletes ~10,000 rows. */
export const USERS_PER_REMOVAL = 50;
