import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hotVotesFromPercentage } from '../../../lib/confidence';
import type { Id, MediaDeleted, MediaStat, UserStats } from '../../../api/types';

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
