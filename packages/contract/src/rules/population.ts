/**
 * The vote population's status line (spec §8 "Populate Votes"): the server's `message` and the
 * portal's live line (which moves with the job's progress between status reads) say the same.
 */
export type PopulationState = 'running' | 'paused' | 'stopped' | 'completed' | 'failed';

export interface PopulationCounts {
  totalVotesInserted: number;
  mediaProcessed: number;
  totalMediaCount: number;
  usersCreated: number;
}

/** `n` formats each count: the server writes plain numbers, the portal groups thousands. */
export function populationStatus(
  state: PopulationState,
  c: PopulationCounts,
  n: (count: number) => string = String,
): string {
  const done = `${n(c.totalVotesInserted)} votes on ${n(c.mediaProcessed)} of ${n(c.totalMediaCount)} media from ${n(
    c.usersCreated,
  )} fake users`;
  switch (state) {
    case 'running':
      return `Populating votes: ${done}`;
    case 'paused':
      return `Population paused after ${done}. Continue resumes from the last checkpoint.`;
    case 'stopped':
      return `Population stopped after ${done}`;
    case 'completed':
      return `Population complete: ${done}`;
    case 'failed':
      return 'Population failed';
  }
}
