import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import {
  Badge,
  Box,
  Divider,
  IconButton,
  LinearProgress,
  Link,
  List,
  ListItem,
  Popover,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../lib/format';
import type { AdminJob } from '../api/types';
import { isRunning, JOB_META, progressCounts, STATE_LABEL } from '../lib/jobs/job-meta';
import { useJobsList } from '../lib/jobs/useJobs';

/**
 * The app bar's jobs button: a badge with the number of running jobs, opening a list of the
 * running and recent ones with their progress and a link to the page that shows each.
 */
export function JobsIndicator() {
  const { data: jobs = [], isError } = useJobsList();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const titleId = useId();
  const running = jobs.filter(isRunning).length;
  const label = running ? `Jobs: ${running} running` : 'Jobs';
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {/* no badge at all while nothing runs: a hidden "0" would be text the button's name lacks */}
          {running ? (
            <Badge badgeContent={running} color="secondary">
              <WorkHistoryIcon />
            </Badge>
          ) : (
            <WorkHistoryIcon />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 360, maxWidth: 'calc(100vw - 16px)' },
          },
        }}
      >
        <Typography id={titleId} variant="subtitle1" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 600 }}>
          Jobs
        </Typography>
        <Divider />
        {isError ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            The job list could not be loaded.
          </Typography>
        ) : jobs.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            No jobs have run yet. Imports, vote populations and duplicate scans show here.
          </Typography>
        ) : (
          <List dense sx={{ maxHeight: 420, overflowY: 'auto' }} aria-label="Running and recent jobs">
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} onNavigate={() => setAnchor(null)} />
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}

function JobRow({ job, onNavigate }: { job: AdminJob; onNavigate: () => void }) {
  const meta = JOB_META[job.name] ?? { label: job.name, page: '/', pageLabel: 'Dashboard' };
  const percent = Math.round(job.progress?.percent ?? 0);
  const counts = progressCounts(job);
  return (
    <ListItem divider sx={{ display: 'block', py: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Link component={RouterLink} to={meta.page} onClick={onNavigate} underline="hover" sx={{ fontWeight: 500 }}>
          {meta.label}
        </Link>
        <Typography
          variant="caption"
          color={job.state === 'failed' ? 'error' : job.state === 'completed' ? 'success.main' : 'text.secondary'}
        >
          {STATE_LABEL[job.state]}
          {isRunning(job) ? ` · ${percent}%` : ''}
        </Typography>
      </Stack>
      {isRunning(job) && (
        <LinearProgress
          variant={job.state === 'waiting' ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={`${meta.label} progress`}
          sx={{ my: 0.5 }}
        />
      )}
      <Box>
        <Typography variant="caption" color="text.secondary">
          {job.finishedAt ? `Ended ${formatDateTime(job.finishedAt)}` : `Started ${formatDateTime(job.createdAt)}`}
          {counts ? ` · ${counts}` : ''}
        </Typography>
      </Box>
      {job.state === 'failed' && job.error && (
        <Typography variant="caption" color="error" component="p">
          {job.error}
        </Typography>
      )}
    </ListItem>
  );
}
