import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { JobProgress } from '../components/JobProgress';
import { formatNumber } from '../lib/format';
import { useAdminJob } from '../lib/jobs/useAdminJob';
import type { AdminDataProvider } from '../providers/data-provider';
import type { RemovalResult } from '../api/types';

const FAILED_TEXT = 'Removing populated votes and users failed';
export const REMOVE_LABEL = 'Remove populated votes and users';

/** "Remove populated votes and users": a job over the fake users of every past population, with their votes and views. */
export function RemovePopulationCard({
  seededUsers,
  populationActive,
}: {
  seededUsers: number;
  populationActive: boolean;
}) {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const job = useAdminJob<RemovalResult>('remove-population', {
    start: () => dp.startPopulationRemoval(),
    failureText: FAILED_TEXT,
    onDone: (done) => {
      for (const key of ['population', 'adminStats', 'adminDaily', 'userTotals', 'mediaTotals'])
        void queryClient.invalidateQueries({ queryKey: [key] });
      if (done.state === 'completed' && done.result) {
        const r = done.result;
        notify(
          `Removed ${formatNumber(r.usersRemoved)} fake users, ${formatNumber(r.votesRemoved)} votes and ${formatNumber(r.viewsRemoved)} views`,
          { type: 'success' },
        );
      } else {
        notify(done.error ? `${FAILED_TEXT}: ${done.error}` : FAILED_TEXT, { type: 'error', autoHideDuration: null });
      }
    },
  });
  return (
    <Card variant="outlined" component="section" aria-label={REMOVE_LABEL} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {REMOVE_LABEL}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} aria-live="polite">
          {seededUsers > 0
            ? `${formatNumber(seededUsers)} fake users of past populations are in the database. Removing them takes their votes and views off every media's counts; real visitors' votes stay.`
            : 'No fake users of a vote population are in the database.'}
        </Typography>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteSweepIcon />}
          onClick={() => setAsking(true)}
          disabled={job.running || populationActive || seededUsers === 0}
        >
          {job.running ? 'Removing…' : REMOVE_LABEL}
        </Button>
        {populationActive && seededUsers > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            Stop the running or paused population first.
          </Typography>
        )}
        {job.job && <JobProgress job={job.job} label="Removal" />}
        <ConfirmDialog
          open={asking}
          title={`${REMOVE_LABEL}?`}
          confirmLabel="Remove"
          onClose={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            job.start();
          }}
        >
          This deletes {formatNumber(seededUsers)} fake users with all their votes and views, and lowers every media's
          vote and view counts by them. It cannot be undone.
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
