import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MediaRenditions } from '../../../lib/renditions';

export type Id = number | string;

export interface MediaStat extends MediaRenditions {
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
