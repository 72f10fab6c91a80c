import { queryKey } from '@vibe/contract/client';
import { api } from './api-client';

/** The visitor's own links (My Stats), refetched after a link is made or changed. */
export const SHARES_QUERY_KEY = queryKey('/api/shares');

/** The owner's link to one of their items (the same link every time). */
export const createShare = (mediaId: number) => api.post('/api/shares', { body: { mediaId } });
export const listShares = () => api.get('/api/shares');
export const updateShare = (shareId: string, change: { enabled?: boolean; indexable?: boolean }) =>
  api.patch('/api/shares/{shareId}', { path: { shareId }, body: change });
/** 404 when the link is off or its item hidden or gone. */
export const openShare = (shareId: string) => api.get('/api/shares/{shareId}', { path: { shareId } });
/** The item was shown / voted on through the link: counted once per visitor by the server. */
export const countShareVisit = (shareId: string, kind: 'view' | 'vote') =>
  api.post(`/api/shares/{shareId}/${kind}`, { path: { shareId } });
