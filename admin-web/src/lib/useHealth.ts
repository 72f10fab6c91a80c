import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../providers/data-provider';

/** GET /api/health, shared by the Dashboard's banner and the sidebar's version line; every 30 s. */
export function useHealth() {
  const dp = useDataProvider<AdminDataProvider>();
  return useQuery({ queryKey: ['health'], queryFn: () => dp.getHealth(), refetchInterval: 30_000, retry: false });
}
