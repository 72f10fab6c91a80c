import { api } from '../../../lib/api-client';
import type { Session } from '../../../lib/session';

export function checkUsername(name: string, signal?: AbortSignal): Promise<{ available: boolean }> {
  return api.get<{ available: boolean }>(`/api/users/check-username/${encodeURIComponent(name)}`, signal);
}

export function updateProfile(
  userId: number | string,
  changes: { username?: string; email?: string },
): Promise<Session> {
  return api.patch<Session>(`/api/users/${encodeURIComponent(String(userId))}`, changes);
}
