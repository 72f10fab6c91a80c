import { api, ApiError } from '../../../lib/api-client';
import type { Id, RateItem, ViewRecorded, VoteResult } from '../../../api/types';

/** 200 item, 200 null (nothing of others to rate), 404 (everything rated). */
// exclude: the rating hook keeps skipped and failed ids as the strings it compares
export function fetchRandomMedia(userId: Id, exclude: readonly (Id | string)[] = []): Promise<RateItem | null> {
  return api.get('/api/media/random/{userId}', {
    path: { userId },
    query: exclude.length ? { exclude: [exclude.join(',')] } : {},
  });
}

export function recordView(mediaId: Id, userId: Id): Promise<ViewRecorded> {
  return api.post('/api/media/{id}/view', { path: { id: mediaId }, body: { userId } });
}

export function submitVote(userId: Id, mediaId: Id, isHot: boolean): Promise<VoteResult> {
  return api.post('/api/votes', { body: { userId, mediaId, isHot } });
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
