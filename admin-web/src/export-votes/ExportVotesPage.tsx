import FileDownloadIcon from '@mui/icons-material/FileDownload';
import TableChartIcon from '@mui/icons-material/TableChart';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Title, useDataProvider, useLogoutIfAccessDenied, useNotify } from 'react-admin';
import { formatBytes, formatNumber } from '../lib/format';
import { TEXTS } from '../lib/texts';
import { errorMessage, httpStatus } from '../providers/http';
import type { AdminDataProvider } from '../providers/data-provider';
import { downloadVotesExport, type DownloadProgress } from './download';

/** One button that downloads every vote as votes_export_{date}.xlsx, with progress while it streams. */
export default function ExportVotesPage() {
  const dp = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const stats = useQuery({ queryKey: ['adminStats'], queryFn: () => dp.getStats() });
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ filename: string; bytes: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async () => {
    abort.current = new AbortController();
    setError(null);
    setDone(null);
    setProgress({ received: 0, total: null });
    try {
      const result = await downloadVotesExport(setProgress, abort.current.signal);
      setDone(result);
      notify(`Downloaded ${result.filename}`, { type: 'success' });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') {
        setError('Download cancelled.');
      } else if (httpStatus(err) === 401) {
        await logoutIfAccessDenied(err);
      } else {
        setError(errorMessage(err, TEXTS.exportFailed));
        notify(TEXTS.exportFailedToast, { type: 'error' });
      }
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const busy = progress !== null;
  const percent = progress?.total ? Math.round((progress.received / progress.total) * 100) : undefined;
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title="Export Votes" />
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <TableChartIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
            <div>
              <Typography variant="h6" component="h2">
                Votes spreadsheet
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Every vote as a row: user_id, media_id, is_hot, voted_at. Large exports continue on a new sheet every
                1,000,000 rows.
              </Typography>
            </div>
          </Stack>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {stats.data ? `${formatNumber(stats.data.totalVotes)} votes to export.` : '\u00a0'}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" startIcon={<FileDownloadIcon />} onClick={run} disabled={busy}>
              {busy ? 'Exporting…' : 'Export Votes'}
            </Button>
            {busy && <Button onClick={() => abort.current?.abort()}>Cancel</Button>}
          </Stack>
          {busy && (
            <Box sx={{ mt: 2 }}>
              <LinearProgress
                variant={percent === undefined ? 'indeterminate' : 'determinate'}
                value={percent}
                aria-label="Export progress"
                aria-valuetext={
                  percent === undefined ? `${formatBytes(progress.received)} received` : `${percent}% downloaded`
                }
              />
              <Typography variant="caption" color="text.secondary" aria-live="polite">
                {progress.received === 0
                  ? 'Preparing the spreadsheet…'
                  : `${formatBytes(progress.received)}${progress.total ? ` of ${formatBytes(progress.total)}` : ''} received`}
              </Typography>
            </Box>
          )}
          {done && (
            <Alert severity="success" sx={{ mt: 2 }}>
              Saved {done.filename} ({formatBytes(done.bytes)}).
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
