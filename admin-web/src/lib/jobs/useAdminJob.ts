import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider, useNotify, useStore } from 'react-admin';
import { useNotifyError } from '../useNotifyError';
import { httpStatus } from '../../providers/http';
import type { AdminDataProvider } from '../../providers/data-provider';
import type { AdminJob, JobName, JobStart } from '../../api/types';
import { isRunning, isTerminal, JOB_META } from './job-meta';
import { JOBS_LIST_KEY, useJobsList } from './useJobs';

/** Polls one job every second until it ends; a job the server no longer knows reads as gone. */
export function useJobPolling<R>(jobId: string | null | undefined) {
  const dp = useDataProvider<AdminDataProvider>();
  return useQuery<AdminJob<R>>({
    queryKey: ['adminJob', jobId],
    queryFn: () => dp.getJob(jobId!) as Promise<AdminJob<R>>,
    enabled: !!jobId,
    refetchInterval: (q) => (isTerminal(q.state.data) || q.state.error ? false : 1000),
    refetchIntervalInBackground: true,
    retry: false,
  });
}

interface Options<R> {
  start: () => Promise<JobStart>;
  /** Called once when a job this page watched running ends (not for one already over on arrival). */
  onDone?: (job: AdminJob<R>) => void;
  failureText: string;
}

/**
 * A page's long job (import, duplicate scan): its id is kept in the react-admin store, so the
 * progress bar survives navigating away and a reload; a running job of the same kind found in
 * the jobs list (started in another tab, or before a re-login) is attached to as well, and with
 * nothing kept the page shows the kind's latest run. Starting
 * while one runs (409 with its id) attaches to that job instead of failing.
 */
export function useAdminJob<R>(name: JobName, { start, onDone, failureText }: Options<R>) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useStore<string | null>(`jobs.${name}`, null);
  const jobs = useJobsList();
  const query = useJobPolling<R>(jobId);
  const job = query.data && query.data.id === jobId ? query.data : undefined;

  // ids the server answered 404 for: never attach to them again
  const gone = useRef(new Set<string>());

  // a running job of this kind wins; with none kept here, show the latest run (another browser's too)
  useEffect(() => {
    const mine = jobs.data?.filter((j) => j.name === name && !gone.current.has(j.id)) ?? [];
    const running = mine.find(isRunning);
    if (running && running.id !== jobId) setJobId(running.id);
    else if (!running && !jobId && mine[0]) setJobId(mine[0].id);
  }, [jobs.data, name, jobId, setJobId]);

  useEffect(() => {
    if (httpStatus(query.error) === 404 && jobId) {
      gone.current.add(jobId);
      setJobId(null);
    }
  }, [query.error, jobId, setJobId]);

  // onDone fires on the running → ended transition seen here, once per job
  const seenRunning = useRef<string | null>(null);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (!job) return;
    if (isRunning(job)) seenRunning.current = job.id;
    else if (isTerminal(job) && seenRunning.current === job.id) {
      seenRunning.current = null;
      void queryClient.invalidateQueries({ queryKey: JOBS_LIST_KEY });
      onDoneRef.current?.(job);
    }
  }, [job, queryClient]);

  const startMutation = useMutation({
    mutationFn: start,
    onSuccess: (r) => {
      setJobId(r.jobId);
      seenRunning.current = r.jobId;
      void queryClient.invalidateQueries({ queryKey: JOBS_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: ['adminJob', r.jobId] });
      if (r.alreadyRunning) {
        notify(`${JOB_META[name]?.label ?? name} is already running: showing its progress`, { type: 'info' });
      }
    },
    onError: (err) => notifyError(err, failureText),
  });

  return {
    job,
    jobId,
    running: isRunning(job) || startMutation.isPending,
    start: () => startMutation.mutate(),
    starting: startMutation.isPending,
    clear: () => setJobId(null),
  };
}
