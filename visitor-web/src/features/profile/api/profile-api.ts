import { api } from '../../../lib/api-client';
import type { Id, Session, UsernameAvailability } from '../../../api/types';

export function checkUsername(name: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return api.get<UsernameAvailability>(`/api/users/check-username/${encodeURIComponent(name)}`, signal);
}

export function updateProfile(userId: Id, changes: { username?: string; email?: string }): Promise<Session> {
  return api.patch<Session>(`/api/users/${encodeURIComponent(String(userId))}`, changes);
}
