import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { api } from '../../../lib/api-client';

const DEVICES_KEY = queryKey('/api/session/devices');

/** The account's signed-in browsers, this one marked `current`. */
export function useDevices() {
  return useQuery({ queryKey: DEVICES_KEY, queryFn: () => api.get('/api/session/devices') });
}

export function useSignOutDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete('/api/session/devices/{id}', { path: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export function useSignOutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/session/devices/sign-out-others'),
    onSettled: () => qc.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
