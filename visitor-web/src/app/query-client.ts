import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { SESSION_QUERY_KEY } from '../lib/session';

/**
 * Spec defaults: no retries, data never goes stale, no refetch on window focus, no polling.
 * A 401 anywhere means the session cookie is gone (expired, database reset): start the session
 * again, which re-posts the stored session id.
 */
export function createQueryClient(): QueryClient {
  let rebooting = false;
  const on401 = (err: unknown, client: () => QueryClient) => {
    if (err instanceof ApiError && err.status === 401 && !rebooting) {
      rebooting = true;
      void client()
        .invalidateQueries({ queryKey: SESSION_QUERY_KEY })
        .finally(() => {
          rebooting = false;
        });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (query.queryKey[0] !== SESSION_QUERY_KEY[0]) on401(err, () => client);
      },
    }),
    mutationCache: new MutationCache({ onError: (err) => on401(err, () => client) }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
