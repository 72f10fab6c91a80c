import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface AdConfig {
  zoneId: string;
  zoneName: string;
  adCode: string;
  isActive: boolean;
  updatedAt: string;
}

/** Ad config: cached 5 minutes, one retry (spec §7); JSON null means no active ad in the zone. */
export function useAdConfig(zoneId: string) {
  return useQuery({
    queryKey: ['ad-config', zoneId],
    queryFn: () => api.get<AdConfig | null>(`/api/ad-config/${encodeURIComponent(zoneId)}`),
    staleTime: 5 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    retry: 1,
  });
}
