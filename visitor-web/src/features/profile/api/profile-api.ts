import { api } from '../../../lib/api-client';
import type { Id, Profile, UsernameAvailability } from '../../../api/types';

export function checkUsername(name: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  return api.get('/api/users/check-username/{name}', { path: { name }, signal });
}

export function updateProfile(userId: Id, changes: { username?: string; email?: string }): Promise<Profile> {
  return api.patch('/api/users/{id}', { path: { id: userId }, body: changes });
}
