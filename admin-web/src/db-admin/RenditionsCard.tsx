import PhotoSizeSelectLargeIcon from '@mui/icons-material/PhotoSizeSelectLarge';
import { Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { JobProgress } from '../components/JobProgress';
import { formatNumber } from '../lib/format';
import { useAdminJob } from '../lib/jobs/useAdminJob';
import type { AdminDataProvider } from '../providers/data-provider';
import type { RenditionsResult } from '../api/types';

const FAILED_TEXT = 'Generating renditions failed';

/**
 * "Generate missing renditions" as a job: how many items have no current renditions (waiting,
 * failed, made by an older version: the upgrade's progress, with the job the upgrade started on
 * its own attached to as it runs), a start button (optionally retrying the ones that could not be rendered), progress and the counts.
 */
export function RenditionsCard() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [retryFailed, setRetryFailed] = useState(false);
  const backlog = useQuery({ queryKey: ['renditionBacklog'], queryFn: () => dp.getRenditionBacklog() });
  const job = useAdminJob<RenditionsResult>('generate-renditions', {
    start: () => dp.startRenditions(retryFailed),
    failureText: FAILED_TEXT,
    onDone: (done) => {
      void queryClient.invalidateQueries({ queryKey: ['renditionBacklog'] });
      if (done.state === 'completed' && done.result) {
        const r = done.result;
        notify(`Renditions made for ${formatNumber(r.made)} of ${formatNumber(r.total)} items`, {
          type: r.unrenderable ? 'warning' : 'success',
        });
      } else {
        notify(done.error ? `${FAILED_TEXT}: ${done.error}` : FAILED_TEXT, { type: 'error', autoHideDuration: null });
      }
    },
  });
  const result = job.job?.state === 'completed' ? job.job.result : null;
  const b = backlog.data;
  return (
    <Card variant="outlined" component="section" aria-label="Generate missing renditions" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Generate missing renditions
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Makes the thumbnails, previews and video playback files of media stored without them, and remakes those an
          older version made (cleaning their originals again): after an upgrade it starts on its own. Runs one item at a
          time beside visitors; safe to run again.
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
          {b
            ? `${formatNumber(b.pending)} waiting · ${formatNumber(b.failed)} could not be rendered` +
              (b.outdated ? ` · ${formatNumber(b.outdated)} to remake after the upgrade` : '')
            : backlog.isError
              ? 'Could not count the media without renditions'
              : 'Counting…'}
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="contained"
            startIcon={<PhotoSizeSelectLargeIcon />}
            onClick={job.start}
            disabled={job.running}
          >
            {job.running ? 'Generating…' : 'Generate missing renditions'}
          </Button>
          <FormControlLabel
            control={<Checkbox checked={retryFailed} onChange={(e) => setRetryFailed(e.target.checked)} />}
            label="Also retry the ones that failed"
            disabled={job.running}
          />
        </Stack>
        {job.job && <JobProgress job={job.job} label="Renditions" />}
        {result && (
          <Box
            component="dl"
            aria-label="Renditions result"
            sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}
          >
            {(
              [
                ['Items', result.total],
                ['Made', result.made],
                ['Could not render', result.unrenderable],
              ] as const
            ).map(([k, v]) => (
              <Box key={k} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1, textAlign: 'center' }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                  {formatNumber(v)}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
