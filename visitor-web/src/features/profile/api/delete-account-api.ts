import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Deletes the cookie's account; the server ends every session and clears the cookie at once. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: ({ id, username }: { id: number; username: string }) =>
      api.post('/api/users/{id}/delete', { path: { id }, body: { username } }),
  });
}
