import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api } from '../../../lib/api-client';

const FIVE_MINUTES = 5 * 60 * 1000;

/** Public redirect config: stale and refetched every 5 minutes (spec §7 exception). */
export function usePublicTrafficConfig(enabled: boolean) {
  return useQuery({
    queryKey: queryKey('/api/idle-redirect-config'),
    queryFn: () => api.get('/api/idle-redirect-config'),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
    enabled,
  });
}
