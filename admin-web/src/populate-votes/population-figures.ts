import { populationStatus } from '@vibe/contract/population';
import { formatNumber } from '../lib/format';
import type { AdminJob, Population } from '../api/types';

/** The counts the page shows for a run: the results grid and the status line read the same ones. */
export interface PopulationFigures {
  mediaProcessed: number;
  totalMediaCount: number;
  totalVotesInserted: number;
  usersCreated: number;
}

/**
 * While a run's job reports progress newer than the last status read, its counts win: the bar,
 * the grid and the status line then move together instead of the text lagging a poll behind.
 */
export function liveFigures(p: Population, job: AdminJob | undefined): PopulationFigures {
  const base = {
    mediaProcessed: p.mediaProcessed,
    totalMediaCount: p.totalMediaCount,
    totalVotesInserted: p.totalVotesInserted,
    usersCreated: p.usersCreated,
  };
  const progress = job?.progress as Partial<PopulationFigures> | undefined;
  if (!progress || (p.state !== 'running' && p.state !== 'paused')) return base;
  // counts only grow during a run: the larger of the two readings is the newer one
  return {
    mediaProcessed: Math.max(base.mediaProcessed, progress.mediaProcessed ?? 0),
    totalMediaCount: Math.max(base.totalMediaCount, progress.totalMediaCount ?? 0),
    totalVotesInserted: Math.max(base.totalVotesInserted, progress.totalVotesInserted ?? 0),
    usersCreated: Math.max(base.usersCreated, progress.usersCreated ?? 0),
  };
}

/** The status line, number-formatted, from the same figures as the grid (the server's message for an ending it explains). */
export function statusText(p: Population, f: PopulationFigures): string {
  if (p.state === 'not-started') return '';
  if (p.state === 'failed' && p.message) return p.message;
  return populationStatus(p.state, f, formatNumber);
}
