import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { JobProgress } from '../components/JobProgress';
import { formatNumber } from '../lib/format';
import type { AdminJob, ImportResult } from '../api/types';

interface Props {
  job: AdminJob<ImportResult> | undefined;
  running: boolean;
  onStart: () => void;
}

/** Import Media from Bucket as a job: progress, then total files, imported, skipped, errors. */
export function ImportCard({ job, running, onStart }: Props) {
  const result = job?.state === 'completed' ? job.result : null;
  return (
    <Card variant="outlined" component="section" aria-label="Import Media from Bucket" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          Import Media from Bucket
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Adds a media row for every image or video in the bucket that no media uses yet. Safe to run again.
        </Typography>
        <Button variant="contained" startIcon={<CloudDownloadIcon />} onClick={onStart} disabled={running}>
          {running ? 'Importing…' : 'Import Media from Bucket'}
        </Button>
        {job && <JobProgress job={job} label="Import" />}
        {result && (
          <Stack
            component="dl"
            direction="row"
            sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 1 }}
            aria-label="Import result"
          >
            {(
              [
                ['Total files', result.totalFiles],
                ['Imported', result.imported],
                ['Skipped', result.skipped],
                ['Errors', result.errors],
              ] as const
            ).map(([k, v]) => (
              <Box key={k} sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1, textAlign: 'center' }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {k}
                </Typography>
                <Typography
                  component="dd"
                  variant="h6"
                  sx={{ m: 0, color: k === 'Errors' && v > 0 ? 'error.main' : undefined }}
                >
                  {formatNumber(v)}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
