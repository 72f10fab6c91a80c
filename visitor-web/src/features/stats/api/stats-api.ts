import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hotVotesFromPercentage } from '../../../lib/confidence';
import type { Id, MediaDeleted, MediaStat, ShareLink, UserStats } from '../../../api/types';
import { listShares, SHARES_QUERY_KEY, updateShare } from '../../../lib/share-api';

/** The hot count: sent by the server; from the rounded percentage for an older answer without it. */
export const hotVotesOf = (m: MediaStat): number => m.hotVotes ?? hotVotesFromPercentage(m.hotPercentage, m.totalVotes);

export function useUserStats(userId: Id | undefined) {
  return useQuery({
    queryKey: ['user-stats', userId === undefined ? null : String(userId)],
    queryFn: () => api.get<UserStats | null>(`/api/users/${encodeURIComponent(String(userId))}/stats`),
    enabled: userId !== undefined,
  });
}

export function useDeleteMedia(userId: Id | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: Id) =>
      api.delete<MediaDeleted>(
        `/api/media/${encodeURIComponent(String(mediaId))}?userId=${encodeURIComponent(String(userId))}`,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user-stats'] }),
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
