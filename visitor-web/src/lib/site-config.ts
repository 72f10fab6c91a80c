import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api } from './api-client';
import type { SiteConfig } from '../api/types';

export const DEFAULT_SITE_NAME = "How's my Vibe?";
const CACHE_KEY = 'hmv.siteConfig';

function cached(): SiteConfig | undefined {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as SiteConfig) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Display name per domain comes from the server, so a new domain needs no rebuild. The last
 * answer is remembered only to paint the name at once on the next visit; the server still decides.
 */
export function useSiteConfig() {
  const query = useQuery({
    queryKey: queryKey('/api/site-config'),
    queryFn: () => api.get('/api/site-config'),
    placeholderData: cached,
  });
  const fresh = query.isPlaceholderData ? undefined : query.data;
  useEffect(() => {
    if (fresh) {
      try {
        localStorage.setItem(CACHE_KEY, JSON.stringify(fresh));
      } catch {
        /* storage full or blocked */
      }
    }
  }, [fresh]);
  return query;
}

export function useSiteName(): string {
  const { data, isError } = useSiteConfig();
  if (data?.siteName) return data.siteName;
  return isError ? DEFAULT_SITE_NAME : '';
}
