import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';

export interface AdConfig {
  zoneId: string;
  zoneName: string;
  adCode: string;
  isActive: boolean;
  updatedAt: string;
}

/** Ad config: cached 5 minutes, one retry (spec §7); 404 means no active ad. */
export function useAdConfig(zoneId: string) {
  return useQuery({
    queryKey: ['ad-config', zoneId],
    queryFn: async () => {
      try {
        return await api.get<AdConfig>(`/api/ad-config/${encodeURIComponent(zoneId)}`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    staleTime: 5 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    retry: 1,
  });
}
