import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api } from '../../../lib/api-client';

/** Ad config: cached 5 minutes, one retry (spec §7); JSON null means no active ad in the zone. */
export function useAdConfig(zoneId: string) {
  return useQuery({
    queryKey: queryKey('/api/ad-config/{zoneId}', { path: { zoneId } }),
    queryFn: () => api.get('/api/ad-config/{zoneId}', { path: { zoneId } }),
    staleTime: 5 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    retry: 1,
  });
}
