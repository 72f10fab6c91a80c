import { api, ApiError } from '../../../lib/api-client';
import type { Id, RateItem, ViewRecorded, VoteResult } from '../../../api/types';

/** 200 item, 200 null (nothing of others to rate), 404 (everything rated). */
// exclude: the rating hook keeps skipped and failed ids as the strings it compares
export function fetchRandomMedia(userId: Id, exclude: readonly (Id | string)[] = []): Promise<RateItem | null> {
  const qs = exclude.length ? `?exclude=${exclude.map((id) => encodeURIComponent(String(id))).join(',')}` : '';
  return api.get<RateItem | null>(`/api/media/random/${encodeURIComponent(String(userId))}${qs}`);
}

export function recordView(mediaId: Id, userId: Id): Promise<ViewRecorded> {
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
