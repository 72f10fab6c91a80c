import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatDateTime, formatDuration } from '../lib/format';
import type { AdminJob } from '../api/types';
import { isRunning, progressCounts, STATE_LABEL } from '../lib/jobs/job-meta';

const CHIP_COLOR = { waiting: 'default', active: 'info', completed: 'success', failed: 'error' } as const;

/** Ticks once a second while `on`, so elapsed times move between polls. */
function useNow(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/** A job's labelled progress bar with its state, counts, elapsed time and error. */
export function JobProgress({ job, label }: { job: AdminJob; label: string }) {
  const running = isRunning(job);
  const now = useNow(running);
  const percent = Math.max(0, Math.min(100, Math.round(job.progress?.percent ?? 0)));
  const end = job.finishedAt ? new Date(job.finishedAt).getTime() : now;
  const elapsed = end - new Date(job.createdAt).getTime();
  const counts = progressCounts(job);
  return (
    <Box sx={{ my: 1 }} data-testid={`job-${job.name}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" label={STATE_LABEL[job.state]} color={CHIP_COLOR[job.state]} />
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {percent}%
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {running ? `running for ${formatDuration(elapsed)}` : `took ${formatDuration(elapsed)}`}
          {job.finishedAt ? ` · ended ${formatDateTime(job.finishedAt)}` : ''}
        </Typography>
      </Stack>
      <LinearProgress
        variant={job.state === 'waiting' ? 'indeterminate' : 'determinate'}
        value={percent}
        color={job.state === 'failed' ? 'error' : job.state === 'completed' ? 'success' : 'primary'}
        aria-label={`${label} progress`}
        aria-valuetext={`${percent}% ${STATE_LABEL[job.state].toLowerCase()}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
      {counts && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {counts}
        </Typography>
      )}
      {job.error && (
        <Alert severity={job.state === 'failed' ? 'error' : 'warning'} sx={{ mt: 1 }}>
          {job.state === 'failed' ? job.error : `Retrying after: ${job.error}`}
        </Alert>
      )}
    </Box>
  );
}
