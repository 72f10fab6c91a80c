/**
 * Compiled by `npm run typecheck`, never run: each call below is wrong on purpose, and the
 * `@ts-expect-error` above it fails the typecheck the day the client stops rejecting it. The
 * right calls beside them must compile.
 */
import { createApi, queryKey } from './client';

const api = createApi(() => Promise.resolve(null));

export async function boundToRoutes(): Promise<unknown[]> {
  return [
    await api.get('/api/users/{id}/stats', { path: { id: 1 } }),
    await api.post('/api/votes', { body: { userId: 1, mediaId: 2, isHot: true } }),
    queryKey('/api/ad-config/{zoneId}', { path: { zoneId: 'top' } }),

    // @ts-expect-error -- a route the API does not have (renamed or mistyped)
    await api.get('/api/user/{id}/stats', { path: { id: 1 } }),
    // @ts-expect-error -- a route that exists, but not for this method
    await api.delete('/api/votes'),
    // @ts-expect-error -- a path parameter missing
    await api.get('/api/users/{id}/stats'),
    // @ts-expect-error -- a body field of the wrong type
    await api.post('/api/votes', { body: { userId: 1, mediaId: 2, isHot: 'yes' } }),
    // @ts-expect-error -- a required body field missing
    await api.post('/api/votes', { body: { userId: 1, mediaId: 2 } }),
    // @ts-expect-error -- a body on a route that takes none
    await api.get('/api/site-config', { body: { siteName: 'x' } }),
    // @ts-expect-error -- a query parameter the route does not declare
    await api.get('/api/site-config', { query: { page: 1 } }),
    // @ts-expect-error -- a react-query key for a route that does not exist
    queryKey('/api/ad-configs/{zoneId}', { path: { zoneId: 'top' } }),
  ];
}

/** The answer's type is the route's: reading a field it lacks fails too. */
export async function answersTyped(): Promise<void> {
  const stats = await api.get('/api/users/{id}/stats', { path: { id: 1 } });
  void stats.totalUploads;
  // @ts-expect-error -- not a field of UserStatsDto
  void stats.totalUpload;
}
