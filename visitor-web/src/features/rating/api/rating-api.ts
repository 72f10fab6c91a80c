import { api, ApiError } from '../../../lib/api-client';
import type { MediaRenditions } from '../../../lib/renditions';

export type Id = number | string;

export interface RateItem extends MediaRenditions {
  id: Id;
  url: string;
  mimeType: string;
  totalVotes: number;
  hotPercentage: number;
  notPercentage: number;
  userHasVoted: boolean;
}

export interface VoteResult {
  mediaId: Id;
  isHot: boolean;
  totalVotes: number;
  hotVotes: number;
  hotPercentage: number;
  notPercentage: number;
}

/** 200 item, 200 null (nothing of others to rate), 404 (everything rated). */
export function fetchRandomMedia(userId: Id, exclude: Id[] = []): Promise<RateItem | null> {
  const qs = exclude.length ? `?exclude=${exclude.map((id) => encodeURIComponent(String(id))).join(',')}` : '';
  return api.get<RateItem | null>(`/api/media/random/${encodeURIComponent(String(userId))}${qs}`);
}

export function recordView(mediaId: Id, userId: Id): Promise<{ recorded: boolean }> {
  return api.post(`/api/media/${encodeURIComponent(String(mediaId))}/view`, { userId });
}

export function submitVote(userId: Id, mediaId: Id, isHot: boolean): Promise<VoteResult> {
  return api.post<VoteResult>('/api/votes', { userId, mediaId, isHot });
}

/** Every item left to rate failed to load on this page: the visitor sees the rated-all state. */
export class NothingShowableError extends Error {
  constructor() {
    super('Nothing left that can be shown');
    this.name = 'NothingShowableError';
  }
}

/** The random-media query retries once (spec §7), but a 404 is an answer, not a failure. */
export function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof NothingShowableError) return false;
  return failureCount < 1 && !(error instanceof ApiError && error.status < 500);
}
