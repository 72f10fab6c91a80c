import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Id, MediaDeleted, UserStats } from '../../../api/types';

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
