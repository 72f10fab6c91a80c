import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AdConfig } from '../../../api/types';

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
