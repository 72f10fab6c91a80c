import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../../providers/data-provider';
import type { AdminJob } from '../../api/types';
import { isRunning } from './job-meta';

export const JOBS_LIST_KEY = ['adminJobs'] as const;

/**
 * Recent jobs, newest first (GET /api/admin/jobs): the app bar's indicator and the pages that
 * attach to a running job share this one query. Fast polling only while something runs.
 */
export function useJobsList() {
  const dp = useDataProvider<AdminDataProvider>();
  return useQuery<AdminJob[]>({
    queryKey: JOBS_LIST_KEY,
    queryFn: async () => {
      const jobs = await dp.listJobs(20);
      return Array.isArray(jobs) ? jobs : [];
    },
    refetchInterval: (q) => ((q.state.data ?? []).some(isRunning) ? 1500 : 15000),
    refetchIntervalInBackground: false,
    retry: false,
  });
}
