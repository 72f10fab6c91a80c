import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { hotVotesFromPercentage } from '../../../lib/confidence';

export type Id = number | string;

export interface MediaStat {
  id: Id;
  url: string;
  mimeType: string;
  originalName: string;
  size: number;
  uploadedAt: string;
  totalViews: number;
  totalVotes: number;
  hotVotes?: number;
  hotPercentage: number;
  notPercentage: number;
  /** Reports hid it from rating until a moderator decides. */
  underReview?: boolean;
}

/** The hot count: sent by the server; from the rounded percentage for an older answer without it. */
export const hotVotesOf = (m: MediaStat): number => m.hotVotes ?? hotVotesFromPercentage(m.hotPercentage, m.totalVotes);

export interface UserStats {
  totalUploads: number;
  totalVotes: number;
  totalViews: number;
  mediaStats: MediaStat[];
}

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
      api.delete<{ success: boolean }>(
        `/api/media/${encodeURIComponent(String(mediaId))}?userId=${encodeURIComponent(String(userId))}`,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user-stats'] }),
  });
}
