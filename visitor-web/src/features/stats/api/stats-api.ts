import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api } from '../../../lib/api-client';
import { hotVotesFromPercentage } from '@vibe/contract/confidence';
import type { Id, MediaStat, ShareLink } from '../../../api/types';
import { listShares, SHARES_QUERY_KEY, updateShare } from '../../../lib/share-api';

/** The hot count: sent by the server; from the rounded percentage for an older answer without it. */
export const hotVotesOf = (m: MediaStat): number => m.hotVotes ?? hotVotesFromPercentage(m.hotPercentage, m.totalVotes);

/** How often My Stats asks again while an item's renditions are being made (seconds, not minutes, after an upload). */
export const PROCESSING_POLL_MS = 2000;

export function useUserStats(userId: Id | undefined) {
  return useQuery({
    queryKey: queryKey('/api/users/{id}/stats', { path: { id: userId ?? '' } }),
    queryFn: () => api.get('/api/users/{id}/stats', { path: { id: userId! } }),
    enabled: userId !== undefined,
    // an item still processing shows its placeholder: the page updates itself once it is ready
    refetchInterval: (q) =>
      q.state.data?.mediaStats.some((m) => m.renditionsState === 'pending') ? PROCESSING_POLL_MS : false,
  });
}

export function useDeleteMedia(userId: Id | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: Id) => api.delete('/api/media/{id}', { path: { id: mediaId }, query: { userId: userId! } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKey('/api/users/{id}/stats') }),
  });
}

/** The visitor's share links by media id: views and votes each brought, and whether it is on. */
export function useShareLinks(userId: Id | undefined) {
  return useQuery({
    queryKey: SHARES_QUERY_KEY,
    queryFn: async () => new Map((await listShares()).map((l) => [l.mediaId, l] as const)),
    enabled: userId !== undefined,
  });
}

export function useUpdateShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, change }: { shareId: string; change: { enabled?: boolean; indexable?: boolean } }) =>
      updateShare(shareId, change),
    onSuccess: (link: ShareLink) =>
      qc.setQueryData(SHARES_QUERY_KEY, (old: Map<number, ShareLink> | undefined) =>
        new Map(old ?? []).set(link.mediaId, link),
      ),
  });
}
