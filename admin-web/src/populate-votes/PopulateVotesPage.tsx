import BuildIcon from '@mui/icons-material/Build';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  CircularProgress,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useDataProvider, useNotify } from 'react-admin';
import { JobProgress } from '../components/JobProgress';
import { useJobPolling } from '../lib/jobs/useAdminJob';
import { JOBS_LIST_KEY } from '../lib/jobs/useJobs';
import { TEXTS } from '../lib/texts';
import { useNotifyError } from '../lib/useNotifyError';
import type { AdminDataProvider } from '../providers/data-provider';
import { errorMessage } from '../providers/http';
import type { Population, PopulationAction } from '../api/types';
import { liveFigures, statusText } from './population-figures';
import { PopulationResults } from './PopulationResults';
import { RemovePopulationCard } from './RemovePopulationCard';
import { StartPopulationDialog } from './StartPopulationDialog';

const STATE_LABEL: Record<Population['state'], string> = {
  'not-started': 'Not started',
  running: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  completed: 'Complete',
  failed: 'Failed',
};
const STATE_COLOR = {
  'not-started': 'default',
  running: 'info',
  paused: 'warning',
  stopped: 'default',
  completed: 'success',
  failed: 'error',
} as const;

/** Vote population (/adm/populate-votes): warning, Fix User Sequence, Start/Pause/Continue/Stop, results. */
export default function PopulateVotesPage() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: ['population'],
    queryFn: () => dp.getPopulation(),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
    retry: false,
  });
  const p = status.data;
  const job = useJobPolling(p?.state === 'running' || p?.state === 'paused' ? p.jobId : null);

  // a run that ends while watched: say so once, and refresh the totals elsewhere
  const lastState = useRef<Population['state'] | undefined>(undefined);
  useEffect(() => {
    const prev = lastState.current;
    lastState.current = p?.state;
    if (prev === 'running' && p && p.state !== 'running') {
      void queryClient.invalidateQueries({ queryKey: JOBS_LIST_KEY });
      void queryClient.invalidateQueries({ queryKey: ['adminStats'] });
      void queryClient.invalidateQueries({ queryKey: ['mediaTotals'] });
      void queryClient.invalidateQueries({ queryKey: ['userTotals'] });
      if (p.state === 'completed') notify(p.message || 'Vote population complete', { type: 'success' });
      if (p.state === 'failed') notify(p.message || TEXTS.populationFailed, { type: 'error', autoHideDuration: null });
    }
  }, [p, notify, queryClient]);

  const [confirming, setConfirming] = useState(false);
  const control = useMutation({
    mutationFn: ({ action, confirmAgain }: { action: PopulationAction; confirmAgain?: boolean }) =>
      dp.controlPopulation(action, confirmAgain),
    onSuccess: (answer, { action }) => {
      setConfirming(false);
      // the answer is the run alone: keep the plan and the fake-user count until the refetch
      queryClient.setQueryData<Population>(['population'], (old) => (old ? { ...old, ...answer } : old));
      void queryClient.invalidateQueries({ queryKey: ['population'] });
      void queryClient.invalidateQueries({ queryKey: JOBS_LIST_KEY });
      if (answer.alreadyRunning) notify('A vote population is already running: showing its progress', { type: 'info' });
      else if (action === 'pause') notify('Pausing at the next checkpoint', { type: 'info' });
      else if (action === 'stop') notify('Vote population stopped', { type: 'info' });
    },
    onError: (err) => {
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: ['population'] });
      notifyError(err, TEXTS.populationFailed);
    },
  });

  const fix = useMutation({
    mutationFn: () => dp.fixUserSequence(),
    onSuccess: (r) => notify(`User sequence fixed: the next user ID is ${r.nextUserId}`, { type: 'success' }),
    onError: (err) => notifyError(err, TEXTS.fixSequenceFailed),
  });

  const state = p?.state ?? 'not-started';
  const canStart = ['not-started', 'stopped', 'completed', 'failed'].includes(state);
  const busy = control.isPending;
  const figures = p ? liveFigures(p, job.data) : null;
  const text = p && figures ? statusText(p, figures) : '';
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title="Populate Votes" />
      <Alert severity="warning" sx={{ mb: 2 }}>
        <AlertTitle>Test and demo data only</AlertTitle>
        Vote population adds 10-50 votes to every media that exists when it starts, with a Hot bias of 70-100% drawn per
        media, cast by newly created fake users, each vote with its matching view. Visitors cannot tell these votes from
        real ones. Work is saved every 500 votes: Pause and Stop take effect at the next checkpoint.
      </Alert>

      <Card variant="outlined" component="section" aria-label="Vote population" sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              Vote population
            </Typography>
            {p && <Chip size="small" label={STATE_LABEL[state]} color={STATE_COLOR[state]} />}
          </Stack>
          {status.isError && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {errorMessage(status.error, TEXTS.populationFailed)}
            </Alert>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }} role="group" aria-label="Population controls">
            {canStart && (
              <Button
                variant="contained"
                startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PlayArrowIcon />}
                onClick={() => setConfirming(true)}
                disabled={busy || status.isPending || !p}
              >
                Start
              </Button>
            )}
            {state === 'paused' && (
              <Button
                variant="contained"
                startIcon={<PlayArrowIcon />}
                onClick={() => control.mutate({ action: 'continue' })}
                disabled={busy}
              >
                Continue
              </Button>
            )}
            {state === 'running' && (
              <Button
                variant="outlined"
                startIcon={<PauseIcon />}
                onClick={() => control.mutate({ action: 'pause' })}
                disabled={busy}
              >
                Pause
              </Button>
            )}
            {(state === 'running' || state === 'paused') && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<StopIcon />}
                onClick={() => control.mutate({ action: 'stop' })}
                disabled={busy}
              >
                Stop
              </Button>
            )}
          </Stack>
          {job.data && (state === 'running' || state === 'paused') && (
            <JobProgress job={job.data} label="Vote population" />
          )}
          {text && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {text}
            </Typography>
          )}
          <Box sx={{ mt: 2 }}>
            {status.isPending ? (
              <Skeleton variant="rounded" height={96} />
            ) : (
              p && figures && <PopulationResults population={p} figures={figures} />
            )}
          </Box>
        </CardContent>
      </Card>
      {p && (
        <StartPopulationDialog
          open={confirming}
          population={p}
          pending={busy}
          onClose={() => setConfirming(false)}
          onConfirm={(confirmAgain) => control.mutate({ action: 'start', confirmAgain })}
        />
      )}

      {p && (
        <RemovePopulationCard
          seededUsers={p.seededUsers}
          populationActive={state === 'running' || state === 'paused'}
        />
      )}

      <Card variant="outlined" component="section" aria-label="Fix User Sequence">
        <CardContent>
          <Typography variant="h6" component="h2">
            Fix User Sequence
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Sets the user id sequence past the highest user id, so new visitors never collide with imported or generated
            users.
          </Typography>
          <Button
            variant="outlined"
            onClick={() => fix.mutate()}
            disabled={fix.isPending}
            startIcon={fix.isPending ? <CircularProgress size={16} color="inherit" /> : <BuildIcon />}
          >
            Fix User Sequence
          </Button>
          {fix.isSuccess && (
            <Alert severity="success" sx={{ mt: 1.5 }}>
              Next user ID: {fix.data.nextUserId}
            </Alert>
          )}
          {fix.isError && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              {errorMessage(fix.error, TEXTS.fixSequenceFailed)}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
