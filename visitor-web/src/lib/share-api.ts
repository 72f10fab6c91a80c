import { api } from './api-client';
import type { ShareLink, SharedItem } from '../api/types';

/** The visitor's own links (My Stats), refetched after a link is made or changed. */
export const SHARES_QUERY_KEY = ['shares'] as const;

const path = (shareId: string) => `/api/shares/${encodeURIComponent(shareId)}`;

/** The owner's link to one of their items (the same link every time). */
export const createShare = (mediaId: number) => api.post<ShareLink>('/api/shares', { mediaId });
export const listShares = () => api.get<ShareLink[]>('/api/shares');
export const updateShare = (shareId: string, change: { enabled?: boolean; indexable?: boolean }) =>
  api.patch<ShareLink>(path(shareId), change);
/** 404 when the link is off or its item hidden or gone. */
export const openShare = (shareId: string) => api.get<SharedItem>(path(shareId));
/** The item was shown / voted on through the link: counted once per visitor by the server. */
export const countShareVisit = (shareId: string, kind: 'view' | 'vote') =>
  api.post<{ counted: boolean }>(`${path(shareId)}/${kind}`);
