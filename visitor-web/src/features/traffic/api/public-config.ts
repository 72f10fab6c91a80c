import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PublicTrafficConfig } from '../../../api/types';

const FIVE_MINUTES = 5 * 60 * 1000;

/** Public redirect config: stale and refetched every 5 minutes (spec §7 exception). */
export function usePublicTrafficConfig(enabled: boolean) {
  return useQuery({
    queryKey: ['idle-redirect-config'],
    queryFn: () => api.get<PublicTrafficConfig>('/api/idle-redirect-config'),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
    enabled,
  });
}
