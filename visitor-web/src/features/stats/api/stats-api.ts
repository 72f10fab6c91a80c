import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api } from '../../../lib/api-client';
import { hotVotesFromPercentage } from '@vibe/contract/confidence';
import type { Id, MediaStat } from '../../../api/types';

/** The hot count: sent by the server; from the rounded percentage for an older answer without it. */
export const hotVotesOf = (m: MediaStat): number => m.hotVotes ?? hotVotesFromPercentage(m.hotPercentage, m.totalVotes);

export function useUserStats(userId: Id | undefined) {
  return useQuery({
    queryKey: queryKey('/api/users/{id}/stats', { path: { id: userId ?? '' } }),
    queryFn: () => api.get('/api/users/{id}/stats', { path: { id: userId! } }),
    enabled: userId !== undefined,
  });
}

export function useDeleteMedia(userId: Id | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: Id) => api.delete('/api/media/{id}', { path: { id: mediaId }, query: { userId: userId! } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKey('/api/users/{id}/stats') }),
  });
}
